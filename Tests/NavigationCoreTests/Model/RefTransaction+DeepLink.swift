import NavigationCore
import NavJSON

/// `nav.deeplink` on the reference model, straight from docs/deep-links.md: every pattern of
/// every screen tried against every prefix of the path (no trie), the best match by the four
/// rules, the chain, and the three modes applied with the model's own operations.
extension RefTransaction {
    /// One screen of the chain.
    struct RefStep {
        var screen: ScreenDefinition
        var params: JSONObject
    }

    mutating func deeplink(_ url: String) throws(RefError) {
        let (chain, notFound) = try resolveDeepLink(url)
        let target = chain.last!
        if topScreen.name == target.screen.name && topScreen.params == target.params {
            tag("deep link to the top")
            return
        }
        for (index, step) in chain.enumerated() {
            if let guardName = firstUnsetFlag(step.screen.requires) {
                throw RefError.guarded(guardName, screen: step.screen.name).at(step: index, "open \(step.screen.name)")
            }
        }
        var rest = chain[...]
        if !notFound, let first = chain.first, isRootOfRootOrTab(first.screen.name) {
            // reset: every modal dismissed, the tab selected, its stack popped to the root.
            rest = rest.dropFirst()
            try? dismissAll()
            var stack: RefPath = []
            if root.kind == .tabs {
                let index = root.tabs.firstIndex { tab in
                    app.flow(named: tab.name ?? "")?.rootScreen == first.screen.name
                }!
                root.selected = index
                stack = [.tab(index)]
            }
            pop(stack, keep: 1)
            tag("deep link reset")
        } else if !notFound, let first = chain.first, let flow = flowStarted(by: first.screen.name) {
            rest = rest.dropFirst()
            let via = flow.transition.map { transition(named: $0)! } ?? RefVia(kind: "modal")
            do {
                _ = try open(nil, flow, params: first.params, via: via)
            } catch {
                throw error.at(step: 0, "open \(flow.name)")
            }
            tag("deep link flow")
        } else {
            tag(notFound ? "deep link not found" : "deep link top")
        }
        let offset = chain.count - rest.count
        for (index, step) in rest.enumerated() {
            let via = step.screen.transition.map { transition(named: $0)! } ?? RefVia(kind: "push")
            do {
                _ = try open(step.screen, nil, params: step.params, via: via)
            } catch {
                throw error.at(step: offset + index, "open \(step.screen.name)")
            }
        }
    }

    /// The chain a URL opens, and whether it is the `notFound` screen's.
    private func resolveDeepLink(_ url: String) throws(RefError) -> (chain: [RefStep], notFound: Bool) {
        let noRoute = RefError(code: -32006, reason: "noRouteForURL")
        guard let (segments, query) = Self.split(url, schemes: app.schemes) else { throw noRoute }
        guard bestMatch(segments[...]) != nil else {
            guard let notFound = app.notFound.flatMap(app.screen(named:)) else { throw noRoute }
            return ([RefStep(screen: notFound, params: try checkParams(["url": .string(url)], of: notFound.name))], true)
        }
        var matches: [(screen: ScreenDefinition, captures: [String: String])] = []
        for length in 1...segments.count {
            guard let match = bestMatch(segments[..<length]) else { continue }
            if matches.last?.screen.name == match.screen.name { matches.removeLast() }
            matches.append(match)
        }
        var chain: [RefStep] = []
        for (index, match) in matches.enumerated() {
            // Captures, then query items naming a declared param, both typed by the param.
            var given = JSONObject()
            for param in match.screen.params {
                guard let text = match.captures[param.name] ?? query.first(where: { $0.name == param.name })?.value else { continue }
                guard let value = Self.typed(text, param.type) else {
                    throw RefError.invalidParam(param.name).at(step: index, "open \(match.screen.name)")
                }
                given[param.name] = value
            }
            do {
                chain.append(RefStep(screen: match.screen, params: try checkParams(given, of: match.screen.name)))
            } catch {
                throw error.at(step: index, "open \(match.screen.name)")
            }
        }
        return (chain, false)
    }

    /// `social://a/b?x=1` (the host is the first segment) or `/a/b`: the path's segments,
    /// and the query's items, first value of a name first. Only what the generator writes:
    /// no percent-encoding, no `+`.
    static func split(_ url: String, schemes: [String]) -> (segments: [String], query: [(name: String, value: String)])? {
        var rest = Substring(url)
        if let range = rest.range(of: "://") {
            guard schemes.contains(where: { $0.lowercased() == rest[..<range.lowerBound].lowercased() }) else { return nil }
            rest = rest[range.upperBound...]
        } else {
            guard rest.first == "/" else { return nil }
        }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let segments = parts[0].split(separator: "/").map(String.init)
        var query: [(name: String, value: String)] = []
        if parts.count > 1 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pair[0])
                if !query.contains(where: { $0.name == name }) { query.append((name, pair.count > 1 ? String(pair[1]) : "")) }
            }
        }
        return (segments, query)
    }

    /// The best match of a path by docs/deep-links.md "Best match": most literals, fewest
    /// captures, no wildcard, the screen defined first.
    func bestMatch(_ segments: ArraySlice<String>) -> (screen: ScreenDefinition, captures: [String: String])? {
        var best: (key: (Int, Int, Int, Int), screen: ScreenDefinition, captures: [String: String])?
        for (order, screen) in app.screens.enumerated() {
            guard let path = screen.path else { continue }
            for pattern in Self.expansions(path) {
                guard let captures = Self.match(pattern, segments, screen) else { continue }
                let literals = pattern.filter { !$0.hasPrefix(":") && !$0.hasPrefix("*") }.count
                let wildcard = pattern.last?.hasPrefix("*") == true ? 1 : 0
                let key = (-literals, pattern.count - literals, wildcard, order)
                if best == nil || key < best!.key { best = (key, screen, captures) }
            }
        }
        return best.map { ($0.screen, $0.captures) }
    }

    /// A pattern's segments in every combination of its optional groups.
    static func expansions(_ path: String) -> [[String]] {
        guard let open = path.firstIndex(of: "(") else { return [path.split(separator: "/").map(String.init)] }
        var depth = 0
        var close = open
        for index in path[open...].indices {
            if path[index] == "(" { depth += 1 }
            if path[index] == ")" { depth -= 1 }
            if depth == 0 { close = index; break }
        }
        let before = String(path[..<open]), inner = String(path[path.index(after: open)..<close])
        let after = String(path[path.index(after: close)...])
        return expansions(before + inner + after) + expansions(before + after)
    }

    /// The captures of `segments` matching `pattern`, typed-checked, or `nil`.
    static func match(_ pattern: [String], _ segments: ArraySlice<String>, _ screen: ScreenDefinition) -> [String: String]? {
        var captures: [String: String] = [:]
        var index = segments.startIndex
        for (position, piece) in pattern.enumerated() {
            if piece.hasPrefix("*") {
                guard position == pattern.count - 1, index < segments.endIndex else { return nil }
                captures[String(piece.dropFirst())] = segments[index...].joined(separator: "/")
                index = segments.endIndex
                break
            }
            guard index < segments.endIndex else { return nil }
            if piece.hasPrefix(":") {
                captures[String(piece.dropFirst())] = segments[index]
            } else if piece != segments[index] {
                return nil
            }
            index += 1
        }
        guard index == segments.endIndex else { return nil }
        for (name, text) in captures {
            guard let param = screen.params.first(where: { $0.name == name }), typed(text, param.type) != nil else { return nil }
        }
        return captures
    }

    /// Captured or query text as a value of a param's type.
    static func typed(_ text: String, _ type: ParamType) -> JSONValue? {
        switch type {
        case .string: return .string(text)
        case .int: return Int(text).map(JSONValue.int)
        case .double: return Double(text).map(JSONValue.double)
        case .bool:
            switch text {
            case "true", "1": return true
            case "false", "0": return false
            default: return nil
            }
        case .enumeration(let values): return values.contains(text) ? .string(text) : nil
        default: return nil
        }
    }

    /// Whether a screen is the root screen of the root flow or of one of its tabs.
    func isRootOfRootOrTab(_ screen: String) -> Bool {
        guard let rootFlow = app.flow(named: app.root) else { return false }
        switch rootFlow.kind {
        case .stack(let root): return root == screen
        case .tabs(let tabs, _): return tabs.contains { app.flow(named: $0)?.rootScreen == screen }
        }
    }

    /// The first flow, other than the root flow and its tabs, whose root screen is `screen`.
    func flowStarted(by screen: String) -> FlowDefinition? {
        var excluded = [app.root]
        if case .tabs(let tabs, _)? = app.flow(named: app.root)?.kind { excluded += tabs }
        return app.flows.first { $0.rootScreen == screen && !excluded.contains($0.name) }
    }
}
