import NavJSON
/// Read-only questions about the state: canonical URLs, deep-link explanations, routes.
extension Navigator {
    /// `nav.url`: the canonical URL of the top screen (or the given one), `nil` when the
    /// screen has no path or its params cannot fill one (docs/deep-links.md "Canonical URL").
    public func canonicalURL(for screen: ScreenID? = nil) throws(NavError) -> String? {
        let id = screen ?? tree.topScreen
        guard let node = tree.screens[id] else { throw .unknownInstance(id.description) }
        guard let definition = definition.screen(named: node.name) else { return nil }
        return CanonicalURL.url(for: definition, params: node.params, definition: self.definition)
    }

    /// `routes.resolve`: how a URL matches — the winning pattern and params, the candidates
    /// that lost (and why), the chain and the mode it would apply with. Changes nothing.
    public func resolve(_ url: String) throws(NavError) -> JSONValue {
        let parsed = try parseDeepLink(url)
        let result = matcher.match(parsed.segments)
        var object: JSONObject = ["url": .string(url)]
        switch parsed.form {
        case .scheme(let scheme): object["form"] = ["scheme": .string(scheme)]
        case .host(let host): object["form"] = ["host": .string(host)]
        case .path: object["form"] = "path"
        }
        object["path"] = .string("/" + parsed.segments.joined(separator: "/"))
        object["query"] = .array(parsed.query.map { ["name": .string($0.name), "value": .string($0.value)] })
        object["match"] = result.best.map { best in
            ["screen": .string(best.screen), "pattern": .string(best.pattern.expansion),
             "source": .string(best.pattern.source), "params": .object(best.params)]
        } ?? .null
        object["candidates"] = .array(result.candidates.map { candidate in
            var c: JSONObject = ["screen": .string(candidate.screen), "pattern": .string(candidate.pattern.expansion)]
            c["rejected"] = candidate.rejected.map(JSONValue.string) ?? .null
            return .object(c)
        })
        do throws(NavError) {
            let outcome = try resolveDeepLink(url, matcher: matcher)
            object["chain"] = .array(outcome.chain.map(\.jsonValue))
            object["mode"] = .string(outcome.mode.rawValue)
            object["ignored"] = .array(outcome.ignored.map(JSONValue.string))
            object["notFound"] = .bool(outcome.notFound)
            object["error"] = .null
        } catch {
            object["chain"] = []
            object["mode"] = .null
            object["ignored"] = []
            object["notFound"] = false
            object["error"] = error.jsonValue
        }
        return .object(object)
    }

    /// `routes.list`: the loaded definition as given, plus every screen's expanded patterns.
    public var routesJSON: JSONValue {
        var patterns: [JSONValue] = []
        for screen in definition.screens {
            guard let path = screen.path else { continue }
            let expansions = matcher.routes.filter { $0.screen == screen.name }.map { JSONValue.string($0.pattern.expansion) }
            patterns.append(["screen": .string(screen.name), "path": .string(path), "expansions": .array(expansions)])
        }
        return ["app": .string(definition.app), "definition": definition.source, "patterns": .array(patterns)]
    }
}
