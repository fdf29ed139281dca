import NavJSON
/// A transaction: one operation (or one `apply`, or one deep link) editing the tree in place,
/// recording what it adds and removes so the commit can derive the ordered events of
/// docs/operations.md, and logging the inverse of every edit so that a refused operation (or a
/// dry run) can be rolled back, leaving the state exactly as it was.
struct Transaction {
    let context: NavigatorContext
    var tree: NavigationTree
    var ids: any IDSource

    var definition: AppDefinition { context.definition }
    var limits: NavigationLimits { context.limits }

    typealias Exit = TransactionRecords.Exit

    /// The undo log and what was added and removed.
    var records: TransactionRecords
    var edits: [TreeEdit] { records.edits }
    var exits: [Exit] { records.exits }
    var enters: [(screen: ScreenID, via: EventVia?)] { records.enters }
    var madeFlows: [FlowID] { records.madeFlows }
    var removedFlows: [FlowNode] { records.removedFlows }
    var selections: [(flow: FlowID, previous: Int)] { records.selections }
    var finishResults: [FlowID: JSONValue] { records.finishResults }
    /// Where the records stood when the transaction began.
    private(set) var start: Mark

    /// `records` must be empty (a navigator's kept records, or new ones).
    init(context: NavigatorContext, tree: NavigationTree, ids: any IDSource, records: TransactionRecords = TransactionRecords()) {
        self.start = Mark(enters: 0, exits: 0, madeFlows: 0, removedFlows: 0, selections: 0,
                          top: tree.flows.isEmpty ? nil : tree.topScreen)
        self.context = context
        self.tree = tree
        self.ids = ids
        self.records = records
    }

    /// Begins the next operation of a navigator's kept transaction: its records emptied, the
    /// tree as the last operation left it, the ids the navigator has.
    mutating func restart(ids: any IDSource) {
        self.ids = ids
        start = mark()
    }

    /// Where the records stand now, and the top screen: what a step of `apply` derives its
    /// own results from.
    struct Mark {
        var enters: Int
        var exits: Int
        var madeFlows: Int
        var removedFlows: Int
        var selections: Int
        /// `nil` before the boot built anything.
        var top: ScreenID?
    }

    func mark() -> Mark {
        Mark(enters: enters.count, exits: exits.count, madeFlows: madeFlows.count, removedFlows: removedFlows.count,
             selections: selections.count, top: tree.topScreen)
    }

    /// Undoes every edit: the tree is again what the transaction started with.
    mutating func rollBack() {
        tree.undo(records.edits)
        records.edits.removeAll(keepingCapacity: true)
    }

    // MARK: Building blocks

    mutating func makeFlow(name: String?, kind: FlowNode.Kind, parent: FlowNode.Parent, via: AppliedTransition?) -> FlowID {
        let id = ids.nextFlowID()
        tree.addFlow(FlowNode(id: id, name: name, kind: kind, parent: parent, via: via), log: &records.edits)
        records.madeFlows.append(id)
        return id
    }

    /// Appends a screen to a container's stack.
    mutating func addScreen(
        _ name: String, params: JSONObject, owner: FlowID, container: FlowID,
        via: AppliedTransition?, enterVia: EventVia?
    ) throws(NavError) -> ScreenID {
        guard tree.screenCount(in: container)! < limits.screensPerStack else {
            throw .limitExceeded("a stack may hold at most \(limits.screensPerStack) screens", limit: limits.screensPerStack)
        }
        guard tree.screens.count < limits.screensInTree else {
            throw .limitExceeded("the tree may hold at most \(limits.screensInTree) screens", limit: limits.screensInTree)
        }
        let id = ids.nextScreenID()
        tree.addScreen(ScreenNode(id: id, name: name, params: params, flow: owner, container: container, via: via), log: &records.edits)
        records.enters.append((id, enterVia))
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
                tree.appendTab(built.flow, to: id, log: &records.edits)
                if tabName == initialTab { select(index, in: id) }
                if firstScreen == nil { firstScreen = built.screen }
            }
            let selectedTab = tree.flows[id]!.tabs[tree.flows[id]!.selected]
            return (id, tree.flows[selectedTab]!.screens.last ?? firstScreen!)
        }
    }

    /// Selects a tab of a tabs flow; every change of `selected` goes through here.
    mutating func select(_ index: Int, in tabs: FlowID) {
        records.selections.append((tabs, tree.select(index, in: tabs, log: &records.edits)))
    }

    /// Makes `presented` the container that `container` presents.
    mutating func present(_ presented: FlowID, by container: FlowID) {
        tree.setPresented(presented, by: container, log: &records.edits)
    }

    /// Records `child` as an embedded flow started by `parent`.
    mutating func embed(_ child: FlowID, in parent: FlowID) {
        tree.appendChild(child, to: parent, log: &records.edits)
    }

    // MARK: Removal

    /// Removes a screen from its container and the tree, recording its exit.
    private mutating func removeScreen(_ id: ScreenID, exitVia: EventVia?) {
        guard let node = tree.removeScreen(id, log: &records.edits) else { return }
        records.exits.append(Exit(node: node, via: exitVia))
    }

    /// Removes a flow instance record and unlinks it from its parent.
    private mutating func removeFlowRecord(_ id: FlowID) {
        guard let node = tree.removeFlow(id, log: &records.edits) else { return }
        records.removedFlows.append(node)
    }

    /// Dismisses a presented container and everything above it: what it presents first, then
    /// its screens top-most first, then the flows that lived in it.
    mutating func dismiss(_ container: FlowID) {
        guard let node = tree.flows[container] else { return }
        let exitVia = node.via.map { EventVia(transition: $0, direction: .dismiss) }
        removeSubtree(container, exitVia: exitVia)
    }

    /// What it presents first (with its own transition), then its tabs from the last, then
    /// its stack top-most first and the flows embedded in it. With a stack of work instead of
    /// recursion: a chain of N presentations must not take N frames of the thread's stack.
    private mutating func removeSubtree(_ id: FlowID, exitVia: EventVia?) {
        var pending: [(id: FlowID, exitVia: EventVia?, opened: Bool)] = [(id, exitVia, false)]
        while let (id, exitVia, opened) = pending.popLast() {
            guard let presented = tree.presented(by: id), let tabs = tree.tabs(of: id) else { continue }
            if !opened {
                // Taken from the end: the presented subtree first, then the tabs last to
                // first, then this flow's own screens and records.
                pending.append((id, exitVia, true))
                for tab in tabs { pending.append((tab, exitVia, false)) }
                if let presented {
                    let via = tree.via(of: presented)?.map { EventVia(transition: $0, direction: .dismiss) }
                    pending.append((presented, via, false))
                }
                continue
            }
            for screen in tree.screens(in: id)!.reversed() { removeScreen(screen, exitVia: exitVia) }
            for child in tree.children(of: id)!.reversed() { removeEmbeddedRecords(child) }
            removeFlowRecord(id)
        }
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
        guard let presented = tree.presented(by: container) else { return false }
        var changed = false
        if let presented {
            dismiss(presented)
            changed = true
        }
        // Top-most first, each read when it is the last: holding a copy of the stack while
        // removing from it would make the removal copy the whole array.
        let count = tree.screenCount(in: container)!
        guard keep < count else { return changed }
        for index in stride(from: count - 1, through: keep, by: -1) {
            let screen = tree.screen(at: index, in: container)!
            let via = tree.via(of: screen)?.map { EventVia(transition: $0, direction: .pop) }
            removeScreen(screen, exitVia: via)
        }
        finishEmptyEmbeddedFlows(in: container)
        return true
    }

    /// Embedded flows hosted in `container` that no longer own any screen have ended.
    private mutating func finishEmptyEmbeddedFlows(in container: FlowID) {
        // Every flow embedded in a stack descends, by `children`, from the stack's own flow
        // (it was started by the owner of the stack's top screen): most stacks have none, and
        // then there is nothing to collect or sort.
        guard tree.hasChildren(container) else { return }
        // The flows that still own a screen, and those above them up to the container, stay;
        // each is walked up once.
        var staying: Set<FlowID> = [container]
        for screen in tree.screens(in: container)! {
            var current = tree.owner(of: screen)
            while let id = current, staying.insert(id).inserted {
                current = tree.owner(of: id) ?? nil
            }
        }
        // The others, children before their parent (so a parent is removed after them).
        var ended: [FlowID] = []
        var pending: [(id: FlowID, visited: Bool)] = [(container, false)]
        while let (id, visited) = pending.popLast() {
            if visited {
                if !staying.contains(id) { ended.append(id) }
                continue
            }
            pending.append((id, true))
            for child in tree.children(of: id)! { pending.append((child, false)) }
        }
        for flow in ended { removeFlowRecord(flow) }
    }

    // MARK: Params

    /// Validates params given for a screen and fills defaults, in declaration order.
    func validatedParams(for screenName: String, _ given: JSONObject) throws(NavError) -> JSONObject {
        guard let screen = context.screen(named: screenName) else { return given }
        return try validatedParams(for: screen.definition, given)
    }

    /// Validates params given for a screen and fills defaults, in declaration order.
    func validatedParams(for screen: ScreenDefinition, _ given: JSONObject) throws(NavError) -> JSONObject {
        // The common case, checked without building anything: exactly the declared params, in
        // declaration order, each already a value of its type that needs no normalizing.
        if given.count == screen.params.count, Self.areDeclaredAsIs(given, screen.params) { return given }
        return try rebuiltParams(for: screen, given)
    }

    /// Whether `given` holds exactly `params`, in order, each a value of its type that needs
    /// no normalizing. Read in place: zipping `given.pairs` with `params` copied every
    /// element of both (retains and releases on every route).
    private static func areDeclaredAsIs(_ given: JSONObject, _ params: [ParamDefinition]) -> Bool {
        given.pairs.withUnsafeBufferPointer { pairs in
            params.withUnsafeBufferPointer { params in
                guard pairs.count == params.count else { return false }
                for index in pairs.indices {
                    guard pairs[index].key == params[index].name, params[index].type.acceptsUnchanged(pairs[index].value) else {
                        return false
                    }
                }
                return true
            }
        }
    }

    /// The general path of `validatedParams`: every param checked, normalized, defaulted, in
    /// declaration order.
    func rebuiltParams(for screen: ScreenDefinition, _ given: JSONObject) throws(NavError) -> JSONObject {
        for key in given.keys where screen.param(named: key) == nil {
            throw .invalidParams(param: key, problem: .unknown, screen: screen.name)
        }
        var result = JSONObject()
        for param in screen.params {
            if let value = given[param.name], !value.isNull {
                switch param.type.validate(value) {
                case .success(let normalized): result[param.name] = normalized
                case .failure(let problem): throw .invalidParams(param: param.name, problem: problem, screen: screen.name)
                }
            } else if let value = param.defaultValue {
                // Defaults were checked at load; normalize `0` for a double to `0.0`.
                result[param.name] = (try? param.type.validate(value).get()) ?? value
            } else if param.isRequired {
                throw .invalidParams(param: param.name, problem: .missing, screen: screen.name)
            }
        }
        return result
    }
}

/// The limits of docs/protocol.md `limitExceeded`.
public struct NavigationLimits: Sendable, Hashable {
    public var screensPerStack: Int
    public var screensInTree: Int

    public init(screensPerStack: Int = 1_000, screensInTree: Int = 100_000) {
        self.screensPerStack = screensPerStack
        self.screensInTree = screensInTree
    }
}
