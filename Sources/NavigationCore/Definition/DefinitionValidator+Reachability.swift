/// Warns about screens nothing leads to.
extension DefinitionValidator {
    /// From the root flow by `reachedScreens(byLinks: true)`: every screen with a deep-link
    /// path and the notFound screen are reachable by a URL.
    mutating func warnUnreachableScreens() {
        guard isFlow(definition.root) else { return }
        let reached = reachedScreens(byLinks: true)
        for screen in definition.screens where !reached.contains(screen.name) {
            warning(
                Self.path(ofScreen: screen.name),
                "unreachable from root flow '\(definition.root)' by routes, tabs or deep links")
        }
    }

    /// Notes the screens with a path that a deep link reaches but no chain of routes, tabs and
    /// guard redirects from the root flow does: perhaps meant (a screen for links alone), worth
    /// knowing. The notFound screen, which only links open, is not noted.
    mutating func noteScreensOnlyLinksReach() {
        guard isFlow(definition.root) else { return }
        let reached = reachedScreens(byLinks: false)
        for screen in definition.screens where screen.path != nil && !reached.contains(screen.name) && screen.name != definition.notFound {
            note(
                Self.path(ofScreen: screen.name),
                "only a deep link reaches this screen: no route from root flow '\(definition.root)' leads here")
        }
    }

    /// The screens reached from the root flow: a stack flow reaches its root, a tabs flow its
    /// tabs, a screen its routes (`"*"` reaches everything) and the redirects of the guards it
    /// requires; `byLinks`, every screen with a deep-link path and the notFound screen too.
    func reachedScreens(byLinks: Bool) -> Set<String> {
        var pending = [definition.root]
        if byLinks {
            pending += definition.screens.filter { $0.path != nil }.map(\.name)
            pending += definition.notFound.map { [$0] } ?? []
        }
        var reachedScreens: Set<String> = []
        var reachedFlows: Set<String> = []
        var reachedAll = false
        let redirects = Dictionary(definition.guards.map { ($0.name, $0.redirect) }, uniquingKeysWith: { first, _ in first })
        while let name = pending.popLast() {
            switch definition.destination(named: name) {
            case .screen(let screen)?:
                guard reachedScreens.insert(name).inserted else { continue }
                if screen.routes.allowsAny && !reachedAll {
                    // Once: every name is then pending, a second "*" adds nothing.
                    reachedAll = true
                    pending += definition.screens.map(\.name) + definition.flows.map(\.name)
                }
                pending += screen.routes.edges.map(\.to)
                pending += screen.requires.compactMap { redirects[$0] }
            case .flow(let flow)?:
                guard reachedFlows.insert(name).inserted else { continue }
                switch flow.kind {
                case .stack(let root): pending.append(root)
                case .tabs(let tabs, _): pending += tabs
                }
            case nil:
                continue
            }
        }
        return reachedScreens
    }
}
