import NavJSON
/// Matches deep-link paths to screens (docs/deep-links.md), built once from an app definition.
///
/// Every expansion of every screen's `path` becomes a route, numbered in definition order
/// (screen order, then expansion order). Matching walks a `RouteTrie` — it never scans the
/// route list — then ranks the few routes whose shape matched: most literal segments, then
/// fewest captures (the wildcard counts as one), then no wildcard, then route number. A route
/// whose captured value does not convert to its param's declared type is rejected and the next
/// one is taken.
public struct DeepLinkMatcher: Sendable {
    /// Every route in definition order; a route's index is its definition-order rank.
    public private(set) var routes: [DeepLinkRoute] = []
    /// Per route, its captures in path order with their declared types.
    private(set) var captures: [[Capture]] = []
    private(set) var ranks: [Rank] = []
    private(set) var trie = RouteTrie()

    /// Throws the first screen path that is not a valid pattern (definition validation
    /// reports every one of them, with its JSON path, before a matcher is built).
    public init(definition: AppDefinition) throws(PathPatternError) {
        for screen in definition.screens {
            guard let path = screen.path else { continue }
            for pattern in try PathPattern.expand(path) {
                let route = routes.count
                routes.append(DeepLinkRoute(screen: screen.name, pattern: pattern))
                captures.append(Capture.all(of: pattern, screen: screen))
                ranks.append(Rank(pattern: pattern, route: route))
                trie.insert(pattern, route: route)
            }
        }
        trie.finish()
    }

    /// The best match of the path and every candidate whose shape matched. Costs one trie walk
    /// (`RouteTrie` states its bound) plus a type check of each candidate's captures.
    public func match(_ segments: ArraySlice<String>) -> DeepLinkMatchResult {
        var best: DeepLinkMatch?
        var candidates: [DeepLinkCandidate] = []
        let found = rankedShapeMatches(segments)
        candidates.reserveCapacity(found.count)
        for route in found {
            let (screen, pattern) = (routes[route].screen, routes[route].pattern)
            if best == nil, case .success(let params) = convert(route: route, segments) {
                best = DeepLinkMatch(screen: screen, pattern: pattern, params: params)
                candidates.append(DeepLinkCandidate(screen: screen, pattern: pattern))
            } else {
                // The others only need to know whether their values convert: no params built.
                let rejected = rejection(route: route, segments)
                candidates.append(DeepLinkCandidate(screen: screen, pattern: pattern, rejected: rejected))
            }
        }
        return DeepLinkMatchResult(best: best, candidates: candidates)
    }

    public func match(_ segments: [String]) -> DeepLinkMatchResult {
        match(segments[...])
    }

    /// The best match alone: stops converting at the first route that accepts its values.
    public func bestMatch(_ segments: ArraySlice<String>) -> DeepLinkMatch? {
        for route in rankedShapeMatches(segments) {
            if case .success(let params) = convert(route: route, segments) {
                return DeepLinkMatch(screen: routes[route].screen, pattern: routes[route].pattern, params: params)
            }
        }
        return nil
    }

    // MARK: - Ranking and conversion

    struct Rank: Comparable {
        var literals: Int  // negated: more literals sorts first
        var captures: Int
        var wildcard: Int
        var route: Int

        init(pattern: PathPattern, route: Int) {
            literals = -pattern.literalCount
            captures = pattern.captureCount
            wildcard = pattern.hasWildcard ? 1 : 0
            self.route = route
        }

        static func < (a: Rank, b: Rank) -> Bool {
            (a.literals, a.captures, a.wildcard, a.route) < (b.literals, b.captures, b.wildcard, b.route)
        }
    }

    private func rankedShapeMatches(_ segments: ArraySlice<String>) -> [Int] {
        var found = trie.shapeMatches(segments)
        if found.count > 1 { found.sort { ranks[$0] < ranks[$1] } }
        return found
    }

    /// A capture of a route: where it is, its param, the declared type (`string` if undeclared).
    struct Capture {
        var offset: Int
        var name: String
        var type: ParamType
        var isWildcard: Bool

        static func all(of pattern: PathPattern, screen: ScreenDefinition) -> [Capture] {
            // By name, not `screen.param(named:)` per capture: a screen of many params and a
            // long path would cost their product.
            let types = Dictionary(screen.params.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            return pattern.segments.enumerated().compactMap { offset, segment in
                switch segment {
                case .literal: return nil
                case .capture(let name), .wildcard(let name):
                    let type = types[name] ?? .string
                    if case .wildcard = segment { return Capture(offset: offset, name: name, type: type, isWildcard: true) }
                    return Capture(offset: offset, name: name, type: type, isWildcard: false)
                }
            }
        }

        func text(in segments: ArraySlice<String>) -> String {
            let start = segments.startIndex + offset
            guard isWildcard else { return segments[start] }
            #if DEBUG
            WorkMeter.add(segments[start...].reduce(0) { $0 + $1.utf8.count + 1 })
            #endif
            return segments[start...].joined(separator: "/")
        }

        /// Whether `text(in:)` parses as the capture's type, without building the text of a
        /// wildcard (which would make trying every prefix of a path cost its square).
        func fit(in segments: ArraySlice<String>) -> ParamType.PathFit {
            let start = segments.startIndex + offset
            guard isWildcard else { return type.parse(segments[start]) == nil ? .never : .fits }
            return type.fit(segments[start...])
        }
    }

    struct Rejection: Error {
        var reason: String
    }

    /// The route's captured values, typed, in path order.
    func convert(route: Int, _ segments: ArraySlice<String>) -> Result<JSONObject, Rejection> {
        var params = JSONObject()
        for capture in captures[route] {
            let text = capture.text(in: segments)
            guard let value = capture.type.parse(text) else {
                let reason = Self.describeRejection(name: capture.name, text: text, type: capture.type)
                return .failure(Rejection(reason: reason))
            }
            params[capture.name] = value
        }
        return .success(params)
    }

    /// Why the route's captured values do not convert, or `nil` if they do.
    private func rejection(route: Int, _ segments: ArraySlice<String>) -> String? {
        for capture in captures[route] {
            let text = capture.text(in: segments)
            if capture.type.parse(text) == nil {
                return Self.describeRejection(name: capture.name, text: text, type: capture.type)
            }
        }
        return nil
    }

    /// `"postId: 'abc' is not an int"`, `"section: 'x' is not one of posts, photos"`.
    static func describeRejection(name: String, text: String, type: ParamType) -> String {
        if case .enumeration(let values) = type {
            return "\(name): '\(text)' is not one of \(values.joined(separator: ", "))"
        }
        let article = type.name.first.map { "aeiou".contains($0) } == true ? "an" : "a"
        return "\(name): '\(text)' is not \(article) \(type.name)"
    }
}
