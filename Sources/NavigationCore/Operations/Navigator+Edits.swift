import NavJSON
/// The building blocks every operation is made of. Each edits the tree through
/// `NavigationTree+Edits`, which logs the inverse, and records what it added or removed, from
/// which the transaction's events and results are derived.
extension Navigator {
    mutating func makeFlow(name: String?, kind: FlowNode.Kind, parent: FlowNode.Parent, via: AppliedTransition?) -> FlowID {
        let id = ids.nextFlowID()
        tree.addFlow(FlowNode(id: id, name: name, kind: kind, parent: parent, via: via), log: &records.edits)
        records.madeFlows.append(id)
        return id
    }

    /// Appends a screen to a container's stack.
    mutating func addScreen(
        _ name: String, params: JSONObjectText, owner: FlowID, container: FlowID,
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
        records.madeScreens.append(id)
        records.enterVias.append(enterVia)
        return id
    }

    /// Builds a flow instance of `definition` with its container(s) and root screen(s).
    /// `rootParams` go to a stack flow's root screen. Tab roots are opened by no transition.
    mutating func buildFlow(
        _ flow: FlowDefinition, parent: FlowNode.Parent, via: AppliedTransition?, enterVia: EventVia?,
        rootParams: JSONObjectText
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
        records.exits.append(NavigatorRecords.Exit(node: node, via: exitVia))
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
}
