/// A working copy of the tree that one operation (or one `apply`, or one deep link) edits,
/// recording what it adds and removes so the commit can derive the ordered events of
/// DESIGN.md §4.1. Dropping a transaction drops every change: that is how errors leave the
/// state untouched.
struct Transaction {
    let definition: AppDefinition
    let limits: NavigationLimits
    var tree: NavigationTree
    var ids: any IDSource

    struct Exit {
        var node: ScreenNode
        var via: EventVia?
    }

    /// Removed screens, top-most first within each removal, in the order removals happened.
    private(set) var exits: [Exit] = []
    /// Added screens in the order they were added (bottom-most first), with the transition
    /// that brought each.
    private(set) var enters: [(screen: ScreenID, via: EventVia?)] = []
    /// `flow.finish` results by flow instance.
    var finishResults: [FlowID: JSONValue] = [:]
    /// Flow instances made and removed, in order, so that deriving events looks at what changed
    /// instead of comparing every flow of the old and new trees.
    private(set) var madeFlows: [FlowID] = []
    private(set) var removedFlows: [FlowID] = []
    /// Tabs flows whose `selected` was set (possibly to the same tab, possibly twice).
    private(set) var selectionsSet: [FlowID] = []

    init(definition: AppDefinition, tree: NavigationTree, ids: any IDSource, limits: NavigationLimits) {
        self.definition = definition
        self.tree = tree
        self.ids = ids
        self.limits = limits
    }

    // MARK: Building blocks

    mutating func makeFlow(name: String?, kind: FlowNode.Kind, parent: FlowNode.Parent, via: AppliedTransition?) -> FlowID {
        let id = ids.nextFlowID()
        tree.flows[id] = FlowNode(id: id, name: name, kind: kind, parent: parent, via: via)
        madeFlows.append(id)
        return id
    }

    /// Appends a screen to a container's stack.
    mutating func addScreen(
        _ name: String, params: JSONObject, owner: FlowID, container: FlowID,
        via: AppliedTransition?, enterVia: EventVia?
    ) throws(NavError) -> ScreenID {
        guard tree.flows[container]!.screens.count < limits.screensPerStack else {
            throw .limitExceeded("a stack may hold at most \(limits.screensPerStack) screens", limit: limits.screensPerStack)
        }
        guard tree.screens.count < limits.screensInTree else {
            throw .limitExceeded("the tree may hold at most \(limits.screensInTree) screens", limit: limits.screensInTree)
        }
        let id = ids.nextScreenID()
        tree.screens[id] = ScreenNode(id: id, name: name, params: params, flow: owner, container: container, via: via)
        tree.flows[container]!.screens.append(id)
        enters.append((id, enterVia))
        return id
    }

    /// Builds a flow instance of `definition` with its container(s) and root screen(s).
    /// `rootParams` go to a stack flow's root screen. Tab roots are opened by no transition.
    mutating func buildFlow(
        _ flow: FlowDefinition, parent: FlowNode.Parent, via: AppliedTransition?, enterVia: EventVia?,
        rootParams: JSONObject
    ) throws(NavError) -> (flow: FlowID, screen: ScreenID) {
        switch flow.kind {
        case .stack(let root):
            let id = makeFlow(name: flow.name, kind: .stack, parent: parent, via: via)
            let params = try validatedParams(for: root, rootParams)
            let screen = try addScreen(root, params: params, owner: id, container: id, via: via, enterVia: enterVia)
            return (id, screen)
        case .tabs(let tabs, let initialTab):
            let id = makeFlow(name: flow.name, kind: .tabs, parent: parent, via: via)
            var firstScreen: ScreenID?
            for (index, tabName) in tabs.enumerated() {
                guard let tabFlow = definition.flow(named: tabName) else { continue }
                let built = try buildFlow(tabFlow, parent: .tab(of: id), via: nil, enterVia: enterVia, rootParams: [:])
                tree.flows[id]!.tabs.append(built.flow)
                if tabName == initialTab { select(index, in: id) }
                if firstScreen == nil { firstScreen = built.screen }
            }
            let selectedTab = tree.flows[id]!.tabs[tree.flows[id]!.selected]
            return (id, tree.flows[selectedTab]!.screens.last ?? firstScreen!)
        }
    }

    /// Selects a tab of a tabs flow; every change of `selected` goes through here.
    mutating func select(_ index: Int, in tabs: FlowID) {
        tree.flows[tabs]!.selected = index
        selectionsSet.append(tabs)
    }

    // MARK: Removal

    /// Removes a screen from its container and the tree, recording its exit.
    private mutating func removeScreen(_ id: ScreenID, exitVia: EventVia?) {
        guard let node = tree.screens.removeValue(forKey: id) else { return }
        tree.flows[node.container]?.screens.removeAll { $0 == id }
        exits.append(Exit(node: node, via: exitVia))
    }

    /// Removes a flow instance record and unlinks it from its parent.
    private mutating func removeFlowRecord(_ id: FlowID) {
        guard let node = tree.flows.removeValue(forKey: id) else { return }
        removedFlows.append(id)
        switch node.parent {
        case .root: break
        case .tab(let of): tree.flows[of]?.tabs.removeAll { $0 == id }
        case .presented(let by): if tree.flows[by]?.presented == id { tree.flows[by]!.presented = nil }
        case .embedded(let parent, _): tree.flows[parent]?.children.removeAll { $0 == id }
        }
    }

    /// Dismisses a presented container and everything above it: what it presents first, then
    /// its screens top-most first, then the flows that lived in it.
    mutating func dismiss(_ container: FlowID) {
        guard let node = tree.flows[container] else { return }
        let exitVia = node.via.map { EventVia(transition: $0, direction: .dismiss) }
        removeSubtree(container, exitVia: exitVia)
    }

    private mutating func removeSubtree(_ id: FlowID, exitVia: EventVia?) {
        guard let node = tree.flows[id] else { return }
        if let presented = node.presented { dismiss(presented) }
        for tab in node.tabs.reversed() { removeSubtree(tab, exitVia: exitVia) }
        for screen in node.screens.reversed() { removeScreen(screen, exitVia: exitVia) }
        for child in node.children.reversed() { removeEmbeddedRecords(child) }
        removeFlowRecord(id)
    }

    private mutating func removeEmbeddedRecords(_ id: FlowID) {
        guard let node = tree.flows[id] else { return }
        for child in node.children.reversed() { removeEmbeddedRecords(child) }
        removeFlowRecord(id)
    }

    /// Pops a container's stack down to `keep` screens (each popped screen reversed by its
    /// own transition), dismissing whatever the container presents first. Embedded flows left
    /// without screens finish. Returns whether anything changed.
    @discardableResult
    mutating func pop(_ container: FlowID, keep: Int) -> Bool {
        guard let node = tree.flows[container] else { return false }
        var changed = false
        if let presented = node.presented {
            dismiss(presented)
            changed = true
        }
        let screens = tree.flows[container]!.screens
        guard keep < screens.count else { return changed }
        for screen in screens[keep...].reversed() {
            let via = tree.screens[screen]?.via.map { EventVia(transition: $0, direction: .pop) }
            removeScreen(screen, exitVia: via)
        }
        finishEmptyEmbeddedFlows(in: container)
        return true
    }

    /// Embedded flows hosted in `container` that no longer own any screen have ended.
    private mutating func finishEmptyEmbeddedFlows(in container: FlowID) {
        // Most stacks host no embedded flow: nothing to collect or sort then.
        guard tree.flows.values.contains(where: { $0.isEmbedded && $0.container == container }) else { return }
        let owners = Set(tree.flows[container]!.screens.compactMap { tree.screens[$0]?.flow })
        // Deepest first, so a parent is removed after its children.
        let empty = tree.flows.values
            .filter { $0.isEmbedded && $0.container == container }
            .filter { flow in !owners.contains(where: { tree.ancestors(ofFlow: $0).contains(flow.id) }) }
            .sorted { tree.ancestors(ofFlow: $0.id).count > tree.ancestors(ofFlow: $1.id).count }
        for flow in empty { removeFlowRecord(flow.id) }
    }

    // MARK: Params

    /// Validates params given for a screen and fills defaults, in declaration order.
    func validatedParams(for screenName: String, _ given: JSONObject) throws(NavError) -> JSONObject {
        guard let screen = definition.screen(named: screenName) else { return given }
        for key in given.keys where screen.param(named: key) == nil {
            throw .invalidParams(param: key, problem: .unknown, screen: screenName)
        }
        var result = JSONObject()
        for param in screen.params {
            if let value = given[param.name], !value.isNull {
                switch param.type.validate(value) {
                case .success(let normalized): result[param.name] = normalized
                case .failure(let problem): throw .invalidParams(param: param.name, problem: problem, screen: screenName)
                }
            } else if let value = param.defaultValue {
                // Defaults were checked at load; normalize `0` for a double to `0.0`.
                result[param.name] = (try? param.type.validate(value).get()) ?? value
            } else if param.isRequired {
                throw .invalidParams(param: param.name, problem: .missing, screen: screenName)
            }
        }
        return result
    }
}

/// The limits of DESIGN.md §5.5 `limitExceeded`.
public struct NavigationLimits: Sendable, Hashable {
    public var screensPerStack: Int
    public var screensInTree: Int

    public init(screensPerStack: Int = 1_000, screensInTree: Int = 100_000) {
        self.screensPerStack = screensPerStack
        self.screensInTree = screensInTree
    }
}
