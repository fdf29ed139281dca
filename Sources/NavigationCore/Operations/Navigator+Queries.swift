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
    /// that lost (and why), and what applying it would do or why it would be refused. Changes
    /// nothing. Throws only for a URL this app's schemes and hosts do not take.
    public func resolve(_ url: String) throws(NavError) -> DeepLinkResolution {
        let parsed = try parseDeepLink(url)
        let outcome: Result<DeepLinkOutcome, NavError>
        do throws(NavError) {
            outcome = .success(try resolveDeepLink(url, matcher: matcher))
        } catch {
            outcome = .failure(error)
        }
        return DeepLinkResolution(url: url, parsed: parsed, match: matcher.match(parsed.segments), outcome: outcome)
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
