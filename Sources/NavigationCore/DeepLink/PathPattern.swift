/// One expansion of a deep-link pattern (docs/deep-links.md): a fixed sequence of literal segments,
/// `:name` captures of one segment each, and at most one final `*name` capturing the rest.
///
/// A pattern as written may hold optional groups; `expand(_:)` turns it into every expansion,
/// fullest first: `/users/:userId(/:section)` → `/users/:userId/:section`, `/users/:userId`.
public struct PathPattern: Sendable, Hashable {
    public enum Segment: Sendable, Hashable {
        /// Matches this exact (percent-decoded, case-sensitive) segment.
        case literal(String)
        /// Captures one segment as the param `name`.
        case capture(String)
        /// Captures the rest of the path (one segment or more, joined with `/`) as `name`.
        case wildcard(String)
    }

    public var segments: [Segment]
    /// The pattern string as written in the definition (with its optional groups).
    public var source: String
    /// This expansion written out: `/users/:userId/:section`. The root pattern is `/`.
    public var expansion: String

    public init(segments: [Segment], source: String) {
        self.segments = segments
        self.source = source
        self.expansion = PathPattern.write(segments) { $0 }
    }

    /// Reads a pattern and returns every expansion of its optional groups, fullest (most
    /// segments) first; expansions with equal segment counts keep the order in which the groups
    /// appear, included before left out. Identical expansions are listed once.
    public static func expand(_ pattern: String) throws(PathPatternError) -> [PathPattern] {
        var parser = PathPatternParser(pattern)
        let items = try parser.parse()
        var expansions = try PathPatternParser.combinations(of: items, pattern: pattern)
        if expansions.contains(where: { $0.count > PathPatternParser.maxSegments }) {
            throw PathPatternError(pattern: pattern, message: "more than \(PathPatternParser.maxSegments) segments")
        }
        expansions = stableSorted(expansions) { $0.count > $1.count }
        var seen = Set<[Segment]>()
        return expansions.filter { seen.insert($0).inserted }.map { PathPattern(segments: $0, source: pattern) }
    }

    /// Literal segments (the first best-match rule: more is better).
    public var literalCount: Int {
        segments.reduce(0) { count, segment in
            if case .literal = segment { return count + 1 }
            return count
        }
    }

    /// Captures, the final wildcard included (the second rule: fewer is better). Counting the
    /// wildcard as one capture is what lets the third rule, "no wildcard", ever decide: a
    /// wildcard that consumed one segment ties with a `:name` in its place.
    public var captureCount: Int { segments.count - literalCount }

    /// Whether the last segment is `*name` (the third rule: no wildcard is better).
    public var hasWildcard: Bool {
        if case .wildcard = segments.last { return true }
        return false
    }

    /// The names of the captures in path order, the wildcard's included.
    public var captureNames: [String] {
        segments.compactMap { segment in
            switch segment {
            case .literal: return nil
            case .capture(let name), .wildcard(let name): return name
            }
        }
    }

    /// The first `count` segments, as a pattern of the same source: `/chats/:chatId` of
    /// `/chats/:chatId/messages/:messageId` for 2 (a deep-link chain prefix).
    func prefix(_ count: Int) -> PathPattern {
        PathPattern(segments: Array(segments.prefix(count)), source: source)
    }

    /// The expansion with its param names renamed away (`/users/:/:`, `/files/*`): two
    /// patterns with the same key match the same URLs (docs/app-definition.md rejects that).
    public var shapeKey: String {
        PathPattern.write(segments) { _ in "" }
    }

    private static func write(_ segments: [Segment], name: (String) -> String) -> String {
        if segments.isEmpty { return "/" }
        var out = ""
        for segment in segments {
            out += "/"
            switch segment {
            case .literal(let text): out += PercentEncoding.encodePatternLiteral(text)
            case .capture(let param): out += ":" + name(param)
            case .wildcard(let param): out += "*" + name(param)
            }
        }
        return out
    }

    private static func stableSorted<T>(_ items: [T], by before: (T, T) -> Bool) -> [T] {
        items.enumerated().sorted { a, b in
            if before(a.element, b.element) { return true }
            if before(b.element, a.element) { return false }
            return a.offset < b.offset
        }.map(\.element)
    }
}
