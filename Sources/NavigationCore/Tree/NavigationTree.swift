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
        while let id = current, flows.contains(id) {
            path.append(id)
            current = nextOnVisiblePath(after: id)
        }
        return path
    }

    /// The deepest flow instance of the visible path: the stack or single container the top
    /// screen lives in.
    public var topContainer: FlowID {
        top
    }

    /// The deepest container reached from `flow` down the visible path.
    func topContainer(from flow: FlowID) -> FlowID {
        var id = flow
        while let next = nextOnVisiblePath(after: id) { id = next }
        return id
    }

    /// Whether a flow lies on the visible path: each link up to the root is the presentation
    /// of its parent or its selected tab. Costs the flow's depth.
    func isVisible(_ id: FlowID) -> Bool {
        var current = id
        while let parent = parent(of: current) {
            switch parent {
            case .root:
                return current == rootFlow
            case .presented(let up), .tab(of: let up):
                guard nextOnVisiblePath(after: up) == current else { return false }
                current = up
            case .embedded:
                return false
            }
        }
        return false
    }

    /// The one top screen.
    public var topScreen: ScreenID {
        topScreen(of: top)!!
    }

    /// Screens of the visible path's containers, bottom to top, the top screen last.
    public var visibleScreens: [ScreenID] {
        visiblePath.flatMap { screens(in: $0) ?? [] }
    }

    /// The nearest tabs flow on the visible path, from the top.
    public var nearestTabsFlow: FlowID? {
        var nearest: FlowID?
        var current: FlowID? = rootFlow
        while let id = current, let kind = kind(of: id) {
            if kind == .tabs { nearest = id }
            current = nextOnVisiblePath(after: id)
        }
        return nearest
    }

    /// Whether `screen` lies (by ownership, tabs and embedding, not presentation) in `flow`'s
    /// subtree.
    func owns(_ flow: FlowID, screen: ScreenID) -> Bool {
        guard var current = owner(of: screen) else { return false }
        while let up = owner(of: current) {
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
            guard let children = children(of: id), let tabs = tabs(of: id), let presented = presented(by: id) else { continue }
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
