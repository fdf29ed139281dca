/// The words of `expect stack [FLOW] A [name=value …] > B > C`: places separated by `>`
/// (a word of its own, or inside a word: `A>B`). The first place names a FLOW when it has
/// two words or more and the second is not `name=value`.
public struct StackWords: Sendable, Hashable {
    public struct Place: Sendable, Hashable {
        public var screen: String
        public var params: [String]
    }

    public var flow: String?
    public var places: [Place]

    public init(_ words: [String]) throws(StackWordsError) {
        var groups: [[String]] = [[]]
        for word in words {
            var part = ""
            for character in word {
                if character == ">" {
                    if !part.isEmpty { groups[groups.count - 1].append(part) }
                    part = ""
                    groups.append([])
                } else {
                    part.append(character)
                }
            }
            if !part.isEmpty { groups[groups.count - 1].append(part) }
        }
        if groups.count == 1 && groups[0].isEmpty { throw StackWordsError(message: "expect stack needs the screens, bottom first: A > B > C") }
        if groups.contains(where: \.isEmpty) {
            throw StackWordsError(message: "a place of the stack is empty in '\(words.joined(separator: " "))'")
        }
        var first = groups[0]
        if first.count >= 2 && !first[1].contains("=") {
            flow = first.removeFirst()
            groups[0] = first
        }
        places = groups.map { Place(screen: $0[0], params: Array($0.dropFirst())) }
    }
}

public struct StackWordsError: Error, Sendable, Hashable {
    public var message: String
}

extension StackWords {
    /// A value built from parts (tests compare with it).
    init(unchecked flow: String?, _ places: [Place]) {
        self.flow = flow
        self.places = places
    }
}
