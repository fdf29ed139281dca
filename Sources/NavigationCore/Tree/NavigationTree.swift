/// The canonical coordinator tree (docs/tree.md), stored flat: flow and screen instances by id,
/// linked by ids. Operations edit it in place through `NavigationTree+Edits`, which logs the
/// inverse of every edit: that is how a refused operation leaves it exactly as it was.
public struct NavigationTree: Sendable, Hashable {
    public internal(set) var rootFlow: FlowID {
        didSet { findTop() }
    }
    public internal(set) var flows = IDMap<FlowID, FlowNode>()
    public internal(set) var screens = IDMap<ScreenID, ScreenNode>()
    /// The top container, kept up to date by the edits (`NavigationTree+Edits`) instead of
    /// walked down from the root whenever it is asked for: every operation asks several times,
    /// and under N nested modals each walk was N steps, which made an `apply` of N routes cost
    /// N² (and every route on a deep tree cost its depth).
    var top: FlowID

    init(rootFlow: FlowID) {
        self.rootFlow = rootFlow
        self.top = rootFlow
    }

    /// Walks down from the root again, after an edit whose effect on the top is not local
    /// (a tab selection, an undo). Costs the length of the visible path.
    mutating func findTop() {
        top = topContainer(from: rootFlow)
    }

    public func flow(_ id: FlowID) -> FlowNode? { flows[id] }
    public func screen(_ id: ScreenID) -> ScreenNode? { screens[id] }

    /// Flow instances from the root following the selected tab and `presented` links down to
    /// the deepest one (docs/tree.md "visible path").
    public var visiblePath: [FlowID] {
        var path: [FlowID] = []
        var current: FlowID? = rootFlow
        while let id = current, let node = flows[id] {
            path.append(id)
            if node.kind == .tabs, node.tabs.indices.contains(node.selected) {
                path.append(node.tabs[node.selected])
                current = flows[node.tabs[node.selected]]?.presented
            } else {
                current = node.presented
            }
        }
        return path
    }

    /// The deepest flow instance of the visible path: the stack or single container the top
    /// screen lives in.
    public var topContainer: FlowID {
        top
    }

    /// The deepest container reached from `flow` by selected tabs and presentations.
    /// Reads fields in place, never copying nodes: this runs several times per operation.
    func topContainer(from flow: FlowID) -> FlowID {
        var id = flow
        while let next = flows.read(id, { node -> FlowID? in
            guard node.pointee.kind == .tabs, node.pointee.tabs.indices.contains(node.pointee.selected) else {
                return node.pointee.presented
            }
            return node.pointee.tabs[node.pointee.selected]
        }) {
            guard let next else { return id }
            id = next
        }
        return id
    }

    /// Whether a flow lies on the visible path: each link up to the root is the presentation
    /// of its parent or its selected tab. Costs the flow's depth.
    func isVisible(_ id: FlowID) -> Bool {
        var current = id
        while let parent = flows.read(current, { $0.pointee.parent }) {
            let up: FlowID?
            switch parent {
            case .root:
                return current == rootFlow
            case .presented(let by):
                up = flows.read(by) { $0.pointee.presented == current ? by : nil } ?? nil
            case .tab(let of):
                up = flows.read(of) { node -> FlowID? in
                    let tabs = node.pointee.tabs, selected = node.pointee.selected
                    return tabs.indices.contains(selected) && tabs[selected] == current ? of : nil
                } ?? nil
            case .embedded:
                return false
            }
            guard let up else { return false }
            current = up
        }
        return false
    }

    /// The one top screen.
    public var topScreen: ScreenID {
        flows.read(topContainer) { $0.pointee.screens.last! }!
    }

    /// Screens of the visible path's containers, bottom to top, the top screen last.
    public var visibleScreens: [ScreenID] {
        visiblePath.flatMap { flows[$0]?.screens ?? [] }
    }

    /// The nearest tabs flow on the visible path, from the top.
    public var nearestTabsFlow: FlowID? {
        // The visible path walked as `visiblePath` walks it, reading fields in place (no node
        // copies, no path array): `nav.selectTab` without a flow asks this every time.
        var nearest: FlowID?
        var current: FlowID? = rootFlow
        while let id = current, let step = flows.read(id, { node -> (isTabs: Bool, tab: FlowID?, presented: FlowID?) in
            let isTabs = node.pointee.kind == .tabs
            let hasTab = isTabs && node.pointee.tabs.indices.contains(node.pointee.selected)
            return (isTabs, hasTab ? node.pointee.tabs[node.pointee.selected] : nil, node.pointee.presented)
        }) {
            if step.isTabs { nearest = id }
            guard let tab = step.tab else {
                current = step.presented
                continue
            }
            // The selected tab is on the path; the path goes on with what it presents.
            if flows.read(tab, { $0.pointee.kind == .tabs }) == true { nearest = tab }
            current = flows.read(tab) { $0.pointee.presented } ?? nil
        }
        return nearest
    }

    /// The flow instance a screen belongs to for routing purposes: embedded flows count,
    /// containers count, anything else walks up to the named flow that owns it.
    func ancestors(ofFlow id: FlowID) -> [FlowID] {
        var result: [FlowID] = []
        var current: FlowID? = id
        while let c = current, let up = flows.read(c, { $0.pointee.parent.up }) {
            result.append(c)
            current = up
        }
        return result
    }

    /// Whether `screen` lies (by ownership, tabs and embedding, not presentation) in `flow`'s
    /// subtree.
    func owns(_ flow: FlowID, screen: ScreenID) -> Bool {
        guard var current = screens.read(screen, { $0.pointee.flow }) else { return false }
        while let up = flows.read(current, { $0.pointee.parent.up }) {
            if current == flow { return true }
            guard let up else { return false }
            current = up
        }
        return false
    }

    /// Every flow id of the tree in a canonical order: depth first, a container's embedded
    /// children after it, tabs in order, presentations last.
    public var allFlowsInOrder: [FlowID] {
        // With a stack of work instead of recursion: N nested presentations must not take N
        // frames of the thread's stack.
        var result: [FlowID] = []
        var pending: [FlowID] = [rootFlow]
        while let id = pending.popLast() {
            guard let (children, tabs, presented) = flows.read(id, { ($0.pointee.children, $0.pointee.tabs, $0.pointee.presented) })
            else { continue }
            result.append(id)
            // Taken from the end: children first, then tabs, then what it presents.
            if let presented { pending.append(presented) }
            pending.append(contentsOf: tabs.reversed())
            pending.append(contentsOf: children.reversed())
        }
        return result
    }

    /// Every screen, bottom-most first: each container's stack, then what it presents.
    public var allScreensInOrder: [ScreenID] {
        allFlowsInOrder.flatMap { flows[$0]?.screens ?? [] }
    }
}
