/// One `name=value` word of a command line (`userId=42`): split at the first `=`; the value
/// stays text until the app definition says its type.
public struct Assignment: Sendable, Hashable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Parses `name=value`; nil without `=` or with an empty name.
    public init?(_ word: String) {
        guard let equals = word.firstIndex(of: "="), equals != word.startIndex else { return nil }
        name = String(word[..<equals])
        value = String(word[word.index(after: equals)...])
    }

    /// Parses every word, or names the first that is not `name=value`.
    public static func parse(_ words: [String]) -> Result<[Assignment], AssignmentSyntaxError> {
        var assignments: [Assignment] = []
        for word in words {
            guard let assignment = Assignment(word) else { return .failure(AssignmentSyntaxError(word: word)) }
            assignments.append(assignment)
        }
        return .success(assignments)
    }
}

/// A word where `name=value` was expected.
public struct AssignmentSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public var word: String
    public var description: String { "expected name=value, got '\(word)'" }
}
