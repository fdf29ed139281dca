/// Reads the pattern grammar of docs/deep-links.md into segments and optional groups:
///
///     pattern  = "/" | item+          item    = "/" segment | "(" item+ ")"
///     segment  = ":" name | "*" name | literal
///
/// An optional group starts with `/`; groups nest; `*name` is the last segment of the pattern
/// (only group closings may follow it); a param name is `[A-Za-z_][A-Za-z0-9_]*` and appears
/// once; literals are percent-decoded and may not contain a raw `?` or `#`.
struct PathPatternParser {
    indirect enum Item: Equatable {
        case segment(PathPattern.Segment)
        case group([Item])
    }

    /// More optional combinations than this is surely a mistake and would bloat the trie.
    static let maxExpansions = 64
    /// The most segments of one expansion: matching walks the trie one level per segment, so
    /// this bounds how deep a match (and its recursion) can go, whatever the URL.
    static let maxSegments = 256

    private let pattern: String
    private let bytes: [UInt8]
    private var position = 0
    private var names = Set<String>()

    init(_ pattern: String) {
        self.pattern = pattern
        self.bytes = Array(pattern.utf8)
    }

    mutating func parse() throws(PathPatternError) -> [Item] {
        guard bytes.first == UInt8(ascii: "/") else { throw failure("a pattern must start with '/'") }
        if bytes.count == 1 { return [] }
        let items = try parseItems(depth: 0)
        if position < bytes.count { throw failure("unmatched ')'") }
        return items
    }

    /// Every combination of the optional groups, each included before left out.
    static func combinations(of items: [Item], pattern: String) throws(PathPatternError) -> [[PathPattern.Segment]] {
        var result: [[PathPattern.Segment]] = [[]]
        for item in items {
            switch item {
            case .segment(let segment):
                for i in result.indices { result[i].append(segment) }
            case .group(let inner):
                let tails = try combinations(of: inner, pattern: pattern)
                result = result.flatMap { head in tails.map { head + $0 } + [head] }
            }
            if result.count > maxExpansions {
                throw PathPatternError(pattern: pattern, message: "more than \(maxExpansions) optional combinations")
            }
        }
        return result
    }

    // MARK: - Grammar

    /// `depth`: the optional groups this one is inside. Each level of nesting adds at least
    /// one expansion, so nesting deeper than `maxExpansions` is refused here, before the
    /// recursion could go deeper.
    private mutating func parseItems(depth: Int) throws(PathPatternError) -> [Item] {
        var items: [Item] = []
        var segments = 0
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "/"):
                position += 1
                segments += 1
                if segments > Self.maxSegments { throw failure("more than \(Self.maxSegments) segments") }
                items.append(.segment(try parseSegment()))
            case UInt8(ascii: "("):
                guard depth < Self.maxExpansions else {
                    throw failure("more than \(Self.maxExpansions) optional combinations")
                }
                position += 1
                guard position < bytes.count, bytes[position] == UInt8(ascii: "/") else {
                    throw failure("an optional group must start with '/'")
                }
                let inner = try parseItems(depth: depth + 1)
                guard position < bytes.count, bytes[position] == UInt8(ascii: ")") else { throw failure("unclosed '('") }
                position += 1
                items.append(.group(inner))
            case UInt8(ascii: ")"):
                return items
            default:  // right after a group's ")": the segment scanner stops only at "/", "(", ")"
                throw failure("a segment must start with '/'")
            }
        }
        return items
    }

    private mutating func parseSegment() throws(PathPatternError) -> PathPattern.Segment {
        let start = position
        while position < bytes.count, !Self.isDelimiter(bytes[position]) { position += 1 }
        let text = bytes[start..<position]
        guard let first = text.first else { throw failure("empty segment") }
        switch first {
        case UInt8(ascii: ":"):
            return .capture(try name(text.dropFirst()))
        case UInt8(ascii: "*"):
            let wildcard = try name(text.dropFirst())
            guard bytes[position...].allSatisfy({ $0 == UInt8(ascii: ")") }) else {
                throw failure("'*\(wildcard)' must be the last segment")
            }
            return .wildcard(wildcard)
        default:
            if text.contains(UInt8(ascii: "?")) || text.contains(UInt8(ascii: "#")) {
                throw failure("a literal may not contain '?' or '#' (write %3F, %23)")
            }
            let raw = String(decoding: text, as: UTF8.self)
            guard let literal = PercentEncoding.decode(raw) else { throw failure("invalid percent escape in '\(raw)'") }
            return .literal(literal)
        }
    }

    private mutating func name(_ text: ArraySlice<UInt8>) throws(PathPatternError) -> String {
        let name = String(decoding: text, as: UTF8.self)
        guard let first = text.first, Self.isNameStart(first), text.allSatisfy(Self.isNameByte) else {
            throw failure("invalid param name '\(name)'")
        }
        guard names.insert(name).inserted else { throw failure("param '\(name)' appears twice") }
        return name
    }

    private func failure(_ message: String) -> PathPatternError {
        PathPatternError(pattern: pattern, message: message)
    }

    private static func isDelimiter(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
            || byte == UInt8(ascii: "_")
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
