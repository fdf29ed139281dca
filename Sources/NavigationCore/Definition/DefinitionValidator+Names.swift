import NavSpelling

/// Checks that every name the definition uses resolves to the right kind of thing.
extension DefinitionValidator {
    mutating func checkRoot() {
        expectFlow(definition.root, at: DiagnosticPath.root.key("root"), role: "root")
    }

    mutating func check(_ flow: FlowDefinition) {
        let path = Self.path(ofFlow: flow.name)
        switch flow.kind {
        case .stack(let root):
            expectScreen(root, at: path.key("root"), role: "a stack root")
        case .tabs(let tabs, let initialTab):
            let tabsPath = path.key("tabs")
            if tabs.isEmpty {
                error(tabsPath, "a tabs flow needs at least one tab")
            } else if tabs.count > NavigationLimits().screensInTree {
                error(tabsPath, "\(tabs.count) tabs open \(tabs.count) screens at once; the tree holds at most \(NavigationLimits().screensInTree)")
            }
            var seen: Set<String> = []
            for (i, tab) in tabs.enumerated() {
                let tabPath = tabsPath.index(i)
                if !seen.insert(tab).inserted {
                    error(tabPath, "duplicate tab '\(tab)'")
                } else if definition.flow(named: tab)?.isTabs == true {
                    error(tabPath, "tabs flow '\(tab)' cannot be a tab of tabs flow '\(flow.name)'")
                } else {
                    expectFlow(tab, at: tabPath, role: "a tab")
                }
            }
            if !tabs.contains(initialTab) {
                error(path.key("initialTab"), "initialTab '\(initialTab)' is not one of the tabs" + Self.nearest(initialTab, among: tabs))
            }
        }
        if let transition = flow.transition {
            checkTransition(transition, at: path.key("transition"))
        }
    }

    mutating func checkRoutes(of screen: ScreenDefinition) {
        var seen: Set<String> = []
        for (edge, path) in zip(screen.routes.edges, routeEdgePaths(of: screen)) {
            if !seen.insert(edge.to).inserted {
                warning(path, "duplicate route '\(edge.to)'; the first entry wins")
            } else if !isScreen(edge.to) && !isFlow(edge.to) {
                error(path, "unknown destination '\(edge.to)'" + Self.nearest(edge.to, among: definition.destinationNames))
            }
            if let transition = edge.transition {
                checkTransition(transition, at: path.key("transition"))
            }
        }
    }

    /// A built-in transition or a key of `transitions`.
    mutating func checkTransition(_ name: String, at path: DiagnosticPath) {
        if TransitionKind(rawValue: name) == nil && definition.transition(named: name) == nil {
            let names = TransitionKind.allCases.map(\.rawValue) + definition.transitions.map(\.name)
            error(path, "unknown transition '\(name)'" + Self.nearest(name, among: names))
        }
    }

    /// `notFound` is opened with only `{url}`: it must be a screen that takes a string `url`
    /// and needs nothing else.
    mutating func checkNotFound() {
        guard let name = definition.notFound else { return }
        let path = DiagnosticPath.root.key("notFound")
        guard expectScreen(name, at: path, role: "notFound"), let screen = definition.screen(named: name) else { return }
        if screen.param(named: "url")?.type != .string {
            error(path, "notFound screen '\(name)' must declare a param 'url' of type string")
        }
        for param in screen.params where param.name != "url" && param.isRequired && param.defaultValue == nil {
            error(path, "notFound screen '\(name)' requires param '\(param.name)', but it is opened with only 'url'")
        }
    }

    @discardableResult
    private mutating func expectScreen(_ name: String, at path: DiagnosticPath, role: String) -> Bool {
        if isScreen(name) { return true }
        error(
            path,
            isFlow(name)
                ? "'\(name)' is a flow, but \(role) must be a screen"
                : "unknown screen '\(name)'" + Self.nearest(name, among: definition.screens.map(\.name)))
        return false
    }

    private mutating func expectFlow(_ name: String, at path: DiagnosticPath, role: String) {
        if isFlow(name) { return }
        error(
            path,
            isScreen(name)
                ? "'\(name)' is a screen, but \(role) must be a flow"
                : "unknown flow '\(name)'" + Self.nearest(name, among: definition.flows.map(\.name)))
    }

    /// `; did you mean 'search'?` with the names nearest a name that resolves to nothing, or
    /// nothing when none is near: every name reference of the definition is answered so.
    static func nearest(_ name: String, among names: [String]) -> String {
        NearestNames.question(NearestNames.nearest(to: name, among: names)).map { "; \($0)" } ?? ""
    }

    /// The JSON path of each route edge: its index in the source's `routes`, where `"*"`
    /// entries take places but make no edge.
    private func routeEdgePaths(of screen: ScreenDefinition) -> [DiagnosticPath] {
        let routesPath = Self.path(ofScreen: screen.name).key("routes")
        if let entries = definition.source["screens"]?[screen.name]?["routes"]?.arrayValue {
            let indexes = entries.indices.filter { entries[$0] != .string("*") }
            if indexes.count == screen.routes.edges.count {
                return indexes.map { routesPath.index($0) }
            }
        }
        return screen.routes.edges.indices.map { routesPath.index($0) }
    }
}
