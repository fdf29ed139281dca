/// One expansion of a deep-link path pattern (DESIGN.md §6): the optional groups `( … )`
/// (nested allowed) resolved one way, split into segments. `/users/:userId(/:section)` expands
/// to `/users/:userId/:section` and `/users/:userId`.
///
/// Used by definition validation to check pattern syntax and find patterns that match the
/// same URLs. The deep-link matcher has its own `PathPattern`; the two are to be unified.
struct PatternExpansion: Sendable, Hashable, CustomStringConvertible {
    enum Segment: Sendable, Hashable, CustomStringConvertible {
        case literal(String)
        /// `:name`: exactly one segment.
        case capture(String)
        /// `*name`: the rest of the path; only last.
        case wildcard(String)

        var description: String {
            switch self {
            case .literal(let text): return text
            case .capture(let name): return ":" + name
            case .wildcard(let name): return "*" + name
            }
        }
    }

    /// A segment with its capture name dropped: expansions of equal shape match the same URLs.
    enum ShapeSegment: Sendable, Hashable {
        case literal(String)
        case capture
        case wildcard
    }

    var segments: [Segment]

    init(segments: [Segment]) {
        self.segments = segments
    }

    var shape: [ShapeSegment] {
        segments.map {
            switch $0 {
            case .literal(let text): return .literal(text)
            case .capture: return .capture
            case .wildcard: return .wildcard
            }
        }
    }

    /// Names of the captures and the wildcard, in order.
    var captureNames: [String] {
        segments.compactMap {
            switch $0 {
            case .literal: return nil
            case .capture(let name), .wildcard(let name): return name
            }
        }
    }

    /// The first `count` segments.
    func prefix(_ count: Int) -> PatternExpansion {
        PatternExpansion(segments: Array(segments.prefix(count)))
    }

    /// `/users/:userId`; the empty path is `/`.
    var description: String {
        "/" + segments.map(\.description).joined(separator: "/")
    }

    /// More optional groups than this is a syntax error, so a definition cannot make load
    /// time explode.
    static let maxExpansions = 64

    /// Every expansion of `pattern`, fullest (most segments) first, then in group order with
    /// a group's presence before its absence.
    static func expand(_ pattern: String) throws(PatternSyntaxError) -> [PatternExpansion] {
        guard pattern.first == "/" else { throw PatternSyntaxError("a path must start with '/'") }
        let texts = try expand(try PatternGroups.parse(pattern))
        var expansions: [PatternExpansion] = []
        for text in texts {
            expansions.append(try PatternExpansion(expandedText: text))
        }
        return expansions.enumerated()
            .sorted { ($0.element.segments.count, -$0.offset) > ($1.element.segments.count, -$1.offset) }
            .map(\.element)
    }

    private static func expand(_ parts: [PatternGroups.Part]) throws(PatternSyntaxError) -> [String] {
        var results = [""]
        for part in parts {
            let options: [String]
            switch part {
            case .text(let text): options = [text]
            case .group(let inner): options = try expand(inner) + [""]
            }
            guard results.count * options.count <= maxExpansions else {
                throw PatternSyntaxError("more than \(maxExpansions) expansions of optional groups")
            }
            results = results.flatMap { result in options.map { result + $0 } }
        }
        return results
    }

    /// Splits one expanded pattern (no groups left) into segments.
    private init(expandedText text: String) throws(PatternSyntaxError) {
        let body = text.dropFirst()
        var segments: [Segment] = []
        if !body.isEmpty {
            for piece in body.split(separator: "/", omittingEmptySubsequences: false) {
                guard !piece.isEmpty else { throw PatternSyntaxError("empty segment in '\(text)'") }
                switch piece.first {
                case ":", "*":
                    let name = String(piece.dropFirst())
                    guard !name.isEmpty else { throw PatternSyntaxError("empty capture name in '\(text)'") }
                    segments.append(piece.first == ":" ? .capture(name) : .wildcard(name))
                default:
                    segments.append(.literal(String(piece)))
                }
            }
        }
        self.init(segments: segments)
        for (i, segment) in segments.enumerated() {
            if case .wildcard = segment, i != segments.count - 1 {
                throw PatternSyntaxError("'\(segment)' must be the last segment in '\(text)'")
            }
        }
        var seen: Set<String> = []
        for name in captureNames where !seen.insert(name).inserted {
            throw PatternSyntaxError("capture name '\(name)' is used twice in '\(text)'")
        }
    }
}

/// Why a path pattern is invalid; the message names the offending part.
struct PatternSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    var message: String

    init(_ message: String) {
        self.message = message
    }

    var description: String { message }
}
