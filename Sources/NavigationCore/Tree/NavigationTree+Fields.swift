/// Named reads of one field of a flow or screen instance, in place. The subscripts
/// (`flows[id]`, `screens[id]`) return a copy of the node, retaining every array and string it
/// holds, and the optimizer keeps that copy even when only one field is used: every operation
/// reads fields dozens of times, so the engine reads them through here, the one place that
/// borrows the stored node. Each returns `nil` for an id the tree does not hold.
extension NavigationTree {
    // MARK: Flows

    func kind(of flow: FlowID) -> FlowNode.Kind? {
        flows.read(flow) { $0.pointee.kind }
    }

    func name(of flow: FlowID) -> String?? {
        flows.read(flow) { $0.pointee.name }
    }

    func parent(of flow: FlowID) -> FlowNode.Parent? {
        flows.read(flow) { $0.pointee.parent }
    }

    /// The next flow up by ownership (`FlowNode.Parent.up`): `.some(nil)` at a root or a
    /// presented container.
    func owner(of flow: FlowID) -> FlowID?? {
        flows.read(flow) { $0.pointee.parent.up }
    }

    func via(of flow: FlowID) -> AppliedTransition?? {
        flows.read(flow) { $0.pointee.via }
    }

    /// The screens of a stack or single container, bottom first (one reference to the array).
    func screens(in container: FlowID) -> [ScreenID]? {
        flows.read(container) { $0.pointee.screens }
    }

    func screenCount(in container: FlowID) -> Int? {
        flows.read(container) { $0.pointee.screens.count }
    }

    func screen(at index: Int, in container: FlowID) -> ScreenID? {
        flows.read(container) { $0.pointee.screens[index] }
    }

    /// A container's last screen; `.some(nil)` for a container without screens.
    func topScreen(of container: FlowID) -> ScreenID?? {
        flows.read(container) { $0.pointee.screens.last }
    }

    /// A stack container's last screen; `nil` for a single container or a tabs flow.
    func lastScreen(ofStack container: FlowID) -> ScreenID? {
        flows.read(container) { $0.pointee.kind == .stack ? $0.pointee.screens.last : nil } ?? nil
    }

    func index(of screen: ScreenID, in container: FlowID) -> Int?? {
        flows.read(container) { $0.pointee.screens.firstIndex(of: screen) }
    }

    func tabs(of flow: FlowID) -> [FlowID]? {
        flows.read(flow) { $0.pointee.tabs }
    }

    func tabCount(of flow: FlowID) -> Int? {
        flows.read(flow) { $0.pointee.tabs.count }
    }

    /// A tabs flow's selected index and tab; `nil` for another kind of flow.
    func selection(of flow: FlowID) -> (index: Int, tab: FlowID)? {
        flows.read(flow) { node -> (index: Int, tab: FlowID)? in
            let selected = node.pointee.selected
            guard node.pointee.kind == .tabs, node.pointee.tabs.indices.contains(selected) else { return nil }
            return (selected, node.pointee.tabs[selected])
        } ?? nil
    }

    func children(of flow: FlowID) -> [FlowID]? {
        flows.read(flow) { $0.pointee.children }
    }

    func hasChildren(_ flow: FlowID) -> Bool {
        flows.read(flow) { !$0.pointee.children.isEmpty } ?? false
    }

    /// The container `container` presents; `.some(nil)` when it presents nothing.
    func presented(by container: FlowID) -> FlowID?? {
        flows.read(container) { $0.pointee.presented }
    }

    // MARK: The visible path

    /// The next flow instance down the visible path (docs/tree.md): a tabs flow's selected
    /// tab, anything else's presented container; `nil` at the end of the path. The one rule
    /// every walk of the visible path follows.
    func nextOnVisiblePath(after id: FlowID) -> FlowID? {
        flows.read(id) { node -> FlowID? in
            guard node.pointee.kind == .tabs else { return node.pointee.presented }
            let selected = node.pointee.selected
            return node.pointee.tabs.indices.contains(selected) ? node.pointee.tabs[selected] : nil
        } ?? nil
    }

    // MARK: Screens

    func name(of screen: ScreenID) -> String? {
        screens.read(screen) { $0.pointee.name }
    }

    /// The flow instance that owns a screen.
    func owner(of screen: ScreenID) -> FlowID? {
        screens.read(screen) { $0.pointee.flow }
    }

    func container(of screen: ScreenID) -> FlowID? {
        screens.read(screen) { $0.pointee.container }
    }

    func via(of screen: ScreenID) -> AppliedTransition?? {
        screens.read(screen) { $0.pointee.via }
    }

    /// What an event says of a screen, copying only those fields.
    func ref(to screen: ScreenID) -> ScreenRef? {
        screens.read(screen) {
            ScreenRef(screen: $0.pointee.id, text: $0.pointee.text, flow: $0.pointee.flow)
        }
    }
}
