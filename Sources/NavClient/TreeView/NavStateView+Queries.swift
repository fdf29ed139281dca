extension NavStateView {
    /// The flow instances of the visible path (docs/tree.md): from the root, the selected
    /// tab and then `presented`, repeatedly, to the deepest flow instance.
    public var visiblePath: [FlowView] {
        var path = [root]
        var flow = root
        while true {
            if flow.kind == .tabs, let tab = flow.selectedTab {
                flow = tab
            } else if let presented = flow.presented {
                flow = presented
            } else {
                return path
            }
            path.append(flow)
        }
    }

    /// The one top screen: the last screen of the deepest flow of the visible path.
    public var topScreen: ScreenView? { visiblePath.last?.screens.last }

    /// The screens of the deepest flow of the visible path, bottom first.
    public var visibleStack: [ScreenView] { visiblePath.last?.screens ?? [] }

    /// The deepest tabs flow of the visible path (the one `tab` selects on).
    public var nearestTabs: FlowView? { visiblePath.last { $0.kind == .tabs } }

    /// Every flow instance, depth first: a flow, its tabs, then what it presents.
    public var allFlows: [FlowView] {
        var flows: [FlowView] = []
        func visit(_ flow: FlowView) {
            flows.append(flow)
            flow.tabs.forEach(visit)
            if let presented = flow.presented { visit(presented) }
        }
        visit(root)
        return flows
    }

    public func flow(id: String) -> FlowView? { allFlows.first { $0.id == id } }

    public func screen(id: String) -> ScreenView? {
        for flow in allFlows {
            if let screen = flow.screens.first(where: { $0.id == id }) { return screen }
        }
        return nil
    }

    /// The stack a flow *name* stands for: the nearest instance of that name on the visible
    /// path (the deepest first, embedded flows included), else the first in tree order. A
    /// stack or single flow gives its screens, a tabs flow its selected tab's, an embedded
    /// flow its run of its host's stack. Nil when no instance has that name.
    public func stack(ofFlowNamed name: String) -> [ScreenView]? {
        let visible = visiblePath
        let candidates = visible.reversed() + allFlows.filter { flow in !visible.contains { $0.id == flow.id } }
        for flow in candidates {
            for child in flow.children.reversed() {
                if let screens = run(of: name, in: child, host: flow) { return screens }
            }
            if flow.flow == name { return stack(of: flow) }
        }
        return nil
    }

    private func stack(of flow: FlowView) -> [ScreenView] {
        if flow.kind == .tabs, let tab = flow.selectedTab { return stack(of: tab) }
        return flow.screens
    }

    private func run(of name: String, in embedded: EmbeddedFlowView, host: FlowView) -> [ScreenView]? {
        for child in embedded.children.reversed() {
            if let screens = run(of: name, in: child, host: host) { return screens }
        }
        guard embedded.flow == name else { return nil }
        let owners = Set(embedded.allIDs)
        return host.screens.filter { owners.contains($0.flow) }
    }
}
