/// Warns about deep-link patterns that can never win (docs/deep-links.md's best match: most
/// literal segments, then fewest captures, then no wildcard, then definition order).
///
/// Only a wildcard pattern can shadow another. A pattern Q that matches every URL P matches
/// has its literals where P has the same literals, so it never has more literals than P; with
/// as many, it has at least as many captures unless its final `*name` takes the place of two
/// or more of P's segments, and then it wins on fewer captures. Patterns of one shape (the
/// only other way to tie) are an error already. So P (its expansion) is shadowed exactly when
/// some wildcard pattern Q, of fewer segments, has P's segments before its wildcard (the same
/// literals, captures that accept what P's accept), and P has no literal from there on.
///
/// The wildcard patterns' prefixes are kept in a trie (a literal or "a capture" per level);
/// each pattern walks the one path its segments spell, so the check costs the patterns'
/// total length (times the prefix compared at each wildcard met), not their count squared.
extension DefinitionValidator {
    /// Run on a definition with no error so far: with an undeclared param or a bad pattern,
    /// what would win is not known (and the errors say what to fix first).
    mutating func warnShadowedPatterns() {
        guard !diagnostics.contains(where: \.isError) else { return }
        var trie = ShadowTrie()
        var all: [(screen: Int, pattern: PathPattern)] = []
        for index in definition.screens.indices {
            for pattern in expansions(ofScreenAt: index) {
                all.append((index, pattern))
                if case .wildcard(let rest)? = pattern.segments.last, takesAnyText(rest, ofScreenAt: index) {
                    trie.insert(pattern, screen: index)
                }
            }
        }
        guard trie.hasWildcards else { return }
        var shadowed: [(screen: Int, pattern: PathPattern, by: ShadowTrie.Wildcard)] = []
        for (index, pattern) in all {
            let shadow = trie.shadow(of: pattern, screen: index) { q, p in
                capture(q.name, ofScreenAt: q.screen, covers: p.name, ofScreenAt: p.screen)
            }
            if let shadow { shadowed.append((index, pattern, shadow)) }
        }
        for (index, pattern, shadow) in shadowed {
            let screen = definition.screens[index].name
            let other = definition.screens[shadow.screen].name
            warning(
                Self.path(ofScreen: screen).key("path"),
                "'\(pattern.expansion)' can never win: '\(shadow.pattern.expansion)' of screen '\(other)' at \(Self.path(ofScreen: other).key("path")) matches every URL it matches and ranks first (as many literal segments, fewer captures), e.g. \(exampleURL(for: pattern, ofScreenAt: index))")
        }
    }

    /// Whether a param (a wildcard's) converts from any text: a string.
    func takesAnyText(_ name: String, ofScreenAt index: Int) -> Bool {
        switch definition.screens[index].param(named: name)?.type ?? .string {
        case .string, .unknown: return true
        default: return false
        }
    }

    /// Whether the capture `name` of screen `q`'s pattern accepts every segment the capture
    /// `other` of screen `p` accepts: a string takes anything; otherwise the same type (an enum
    /// with every value of the other's).
    func capture(_ name: String, ofScreenAt q: Int, covers other: String, ofScreenAt p: Int) -> Bool {
        let wide = definition.screens[q].param(named: name)?.type ?? .string
        let narrow = definition.screens[p].param(named: other)?.type ?? .string
        switch (wide, narrow) {
        case (.string, _), (.unknown, _): return true
        case (.enumeration(let values), .enumeration(let others)): return Set(others).isSubset(of: Set(values))
        default: return wide == narrow
        }
    }

    /// A URL the pattern matches: its literals, and for each capture a value of its type.
    func exampleURL(for pattern: PathPattern, ofScreenAt index: Int) -> String {
        let screen = definition.screens[index]
        let segments = pattern.segments.map { segment -> String in
            switch segment {
            case .literal(let text): return PercentEncoding.encodePathSegment(text)
            case .wildcard: return "x"
            case .capture(let name):
                switch screen.param(named: name)?.type ?? .string {
                case .int: return "1"
                case .double: return "1.5"
                case .bool: return "true"
                case .enumeration(let values): return PercentEncoding.encodePathSegment(values.first ?? "x")
                case .string, .unknown: return "x"
                }
            }
        }
        let path = segments.joined(separator: "/")
        if let scheme = definition.schemes.first { return "\(scheme)://\(path)" }
        if let host = definition.hosts.first { return "https://\(host)/\(path)" }
        return "/" + path
    }
}

/// The wildcard patterns' prefixes: a level per segment before the wildcard.
struct ShadowTrie {
    struct Wildcard {
        var screen: Int
        var pattern: PathPattern
    }

    private struct Node {
        var literals: [String: Int] = [:]
        var capture: Int?
        /// The first wildcard pattern whose prefix ends here.
        var wildcard: Wildcard?
    }

    private var nodes = [Node()]

    var hasWildcards: Bool { nodes.count > 1 || nodes[0].wildcard != nil }

    /// A wildcard pattern whose wildcard takes any text (a string param).
    mutating func insert(_ pattern: PathPattern, screen: Int) {
        var node = 0
        for segment in pattern.segments.dropLast() {
            switch segment {
            case .literal(let text):
                if let next = nodes[node].literals[text] {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].literals[text] = nodes.count - 1
                    node = nodes.count - 1
                }
            case .capture, .wildcard:
                if let next = nodes[node].capture {
                    node = next
                } else {
                    nodes.append(Node())
                    nodes[node].capture = nodes.count - 1
                    node = nodes.count - 1
                }
            }
        }
        if nodes[node].wildcard == nil { nodes[node].wildcard = Wildcard(screen: screen, pattern: pattern) }
    }

    /// The wildcard pattern that shadows `pattern` (of screen `screen`), if any: `covers(q, p)`
    /// says whether a capture of the wildcard pattern accepts what a capture of `pattern` does.
    func shadow(
        of pattern: PathPattern, screen: Int,
        covers: ((screen: Int, name: String), (screen: Int, name: String)) -> Bool
    ) -> Wildcard? {
        let segments = pattern.segments
        // literalsFrom[d]: the literals among segments[d...].
        var literalsFrom = [Int](repeating: 0, count: segments.count + 1)
        for d in stride(from: segments.count - 1, through: 0, by: -1) {
            if case .literal = segments[d] { literalsFrom[d] = literalsFrom[d + 1] + 1 } else { literalsFrom[d] = literalsFrom[d + 1] }
        }
        var node = 0
        for d in segments.indices {
            // With a literal still to come, a wildcard from here has fewer literals.
            if literalsFrom[d] == 0, let candidate = nodes[node].wildcard, d + 1 < segments.count,
                candidate.pattern != pattern || candidate.screen != screen,
                accepts(candidate, prefixOf: segments, upTo: d, screen: screen, covers: covers)
            {
                return candidate
            }
            switch segments[d] {
            case .literal(let text):
                guard let next = nodes[node].literals[text] else { return nil }
                node = next
            case .capture:
                guard let next = nodes[node].capture else { return nil }
                node = next
            case .wildcard:
                return nil
            }
        }
        return nil
    }

    /// The candidate's captures before its wildcard accept the pattern's.
    private func accepts(
        _ candidate: Wildcard, prefixOf segments: [PathPattern.Segment], upTo d: Int, screen: Int,
        covers: ((screen: Int, name: String), (screen: Int, name: String)) -> Bool
    ) -> Bool {
        for k in 0..<d {
            if case .capture(let wide) = candidate.pattern.segments[k], case .capture(let narrow) = segments[k],
                !covers((candidate.screen, wide), (screen, narrow))
            {
                return false
            }
        }
        return true
    }
}
