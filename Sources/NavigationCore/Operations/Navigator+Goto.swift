import NavJSON
/// Time travel: making a given tree current (`goto`, a revision of the history) or the boot
/// tree with fresh ids (`reset`), each as one new revision whose events describe the net
/// change, in the order every revision's events have (docs/operations.md "Lifecycle events").
///
/// Both go through the same records every operation's events are derived from: the screens
/// and flows of the old tree that the new one lacks are recorded as removed, those of the new
/// one the old lacks as made, and tabs flows of both whose selection differs as selected.
/// Ids are never reused within a state's life, so an id in both trees is the same instance.
extension Navigator {
    /// Makes `target` the current tree as one new revision; an equal tree is a no-op (no
    /// revision). `target` must fit the definition (a tree of this navigator's history does):
    /// one that does not is refused with `invalidParams` and `data.problems`, and nothing
    /// changes. The id counters never go back: they move past `target`'s ids if they must.
    public mutating func goto(_ target: NavigationTree, expectRevision: Int? = nil) throws(NavError) -> OperationResult {
        try check(expectRevision)
        if let violation = target.invariantViolation(screenLimitPerStack: limits.screensPerStack) {
            throw NavError(.invalidParams, "invalid params: the tree is not valid: \(violation.message)")
        }
        let problems = target.problems(fitting: definition, limits: limits)
        guard problems.isEmpty else {
            throw NavError(
                .invalidParams, "invalid params: the tree does not fit the app definition: \(problems.joined(separator: "; "))",
                data: ["problems": .array(problems.map(JSONValue.string))])
        }
        guard target != tree else {
            return OperationResult(revision: revision, events: [], noop: true, detail: .plain)
        }
        if var sequential = ids as? SequentialIDs {
            sequential.advance(past: target)
            ids = sequential
        }
        return replaceTree(with: target)
    }

    /// Opens the boot tree again, with fresh ids, as one new revision: every screen of the
    /// old tree exits, the new tree's flows start and its screens enter. The session returns
    /// to boot too (semantics.md 68): every flag false, and a pending request is dropped
    /// (`pendingDropped {reason: "reset"}`, the revision's last event).
    public mutating func reset(expectRevision: Int? = nil) throws(NavError) -> OperationResult {
        try check(expectRevision)
        let fresh = try bootTree()
        return replaceTree(with: fresh, resettingSession: true)
    }

    /// The tree a boot makes now, built with this navigator's ids (which it advances).
    private mutating func bootTree() throws(NavError) -> NavigationTree {
        var builder = self
        builder.tree = NavigationTree(rootFlow: FlowID(0))
        builder.records.clear()
        guard let rootFlow = definition.flow(named: definition.root) else {
            throw NavError(.internalError, "the root flow '\(definition.root)' is not defined")
        }
        let built = try builder.buildFlow(rootFlow, parent: .root, via: nil, enterVia: nil, rootParams: [:])
        builder.tree.rootFlow = built.flow
        ids = builder.ids
        return builder.tree
    }

    private func check(_ expectRevision: Int?) throws(NavError) {
        if let expectRevision, expectRevision != revision {
            throw .conflict("revision", expected: .int(expectRevision), actual: .int(revision))
        }
    }

    /// Replaces the tree by `target` (a different tree) as one new revision; with
    /// `resettingSession`, the session returns to boot in the same revision.
    private mutating func replaceTree(with target: NavigationTree, resettingSession: Bool = false) -> OperationResult {
        let old = tree
        let start = mark()
        defer { records.clear() }
        for id in Self.removalOrder(of: old, keeping: target) {
            let node = old.screens[id]!
            records.exits.append(NavigatorRecords.Exit(node: node, via: Self.exitVia(of: node, in: old, kept: target)))
        }
        for id in old.allFlowsInOrder where !target.flows.contains(id) {
            records.removedFlows.append(old.flows[id]!)
        }
        for id in target.allFlowsInOrder {
            guard let before = old.flows[id] else {
                records.madeFlows.append(id)
                continue
            }
            if before.kind == .tabs, target.flows[id]!.selected != before.selected {
                records.selections.append((id, before.selected))
            }
        }
        for id in target.allScreensInOrder where !old.screens.contains(id) {
            let node = target.screens[id]!
            records.madeScreens.append(id)
            records.enterVias.append(Self.enterVia(of: node, in: target, kept: old))
        }
        tree = target
        var events = events(since: start)
        if resettingSession {
            // A reset returns the session to boot: a held request is dropped as `reset`
            // whether or not its redirect was open, and every flag is false.
            if let pending = session.pending {
                events.append(.pendingDropped(method: pending.request.method, reason: .reset))
            }
            session = Session(names: session.names)
        } else {
            // A goto keeps the session (flags are not part of a tree); a pending request whose
            // redirect the new tree lacks is dropped (semantics.md 68).
            dropPendingIfRedirectEnded(into: &events)
        }
        advanceRevision(undoing: TreeUndo(replacing: old))
        return OperationResult(revision: revision, events: events, noop: false, detail: .plain)
    }

    /// The screens of `old` that `target` lacks, top-most first, in the order the engine's own
    /// operations remove them: flows are visited as `dismissAll` visits them (the visible path
    /// from the top down, then the others from the last), each first dismissing a presentation
    /// that goes (what that presents first, then its tabs from the last, then its own stack
    /// from the top), then, if it stays, popping its own screens that go.
    private static func removalOrder(of old: NavigationTree, keeping target: NavigationTree) -> [ScreenID] {
        var order: [ScreenID] = []
        var emitted = Set<ScreenID>()
        func remove(_ screens: [ScreenID]) {
            for screen in screens.reversed() where !target.screens.contains(screen) && emitted.insert(screen).inserted {
                order.append(screen)
            }
        }
        func dismissed(_ root: FlowID) {
            var pending: [(id: FlowID, opened: Bool)] = [(root, false)]
            while let (id, opened) = pending.popLast() {
                guard let node = old.flows[id] else { continue }
                if opened {
                    remove(node.screens)
                    continue
                }
                pending.append((id, true))
                for tab in node.tabs { pending.append((tab, false)) }
                if let presented = node.presented { pending.append((presented, false)) }
            }
        }
        var visited = Set<FlowID>()
        for id in old.visiblePath.reversed() + old.allFlowsInOrder.reversed() {
            guard visited.insert(id).inserted, let node = old.flows[id] else { continue }
            if let presented = node.presented, !target.flows.contains(presented) { dismissed(presented) }
            if target.flows.contains(id) { remove(node.screens) }
        }
        // The root flow goes only in a reset: whatever is left, from the root's top.
        dismissed(old.rootFlow)
        return order
    }

    /// How an added screen entered: a pushed one by its push; else with the presentation of
    /// the new container it is in (up through tabs); else by its own transition; boot roots by
    /// none.
    private static func enterVia(of node: ScreenNode, in tree: NavigationTree, kept other: NavigationTree) -> EventVia? {
        if let via = node.via, via.kind == .push { return EventVia(transition: via, direction: .push) }
        if let presentation = presentation(of: node.container, in: tree, notIn: other) {
            return EventVia(transition: presentation, direction: .present)
        }
        guard let via = node.via else { return nil }
        return EventVia(transition: via, direction: via.kind == .push ? .push : .present)
    }

    /// How a removed screen exited: with the dismissal of the removed container it was in,
    /// else reversing its own transition.
    private static func exitVia(of node: ScreenNode, in tree: NavigationTree, kept other: NavigationTree) -> EventVia? {
        if let presentation = presentation(of: node.container, in: tree, notIn: other) {
            return EventVia(transition: presentation, direction: .dismiss)
        }
        guard let via = node.via else { return nil }
        return EventVia(transition: via, direction: via.kind == .push ? .pop : .dismiss)
    }

    /// The transition of the presented flow `container` is in (itself or up through tabs),
    /// when that flow is not in `other`; `nil` otherwise.
    private static func presentation(of container: FlowID, in tree: NavigationTree, notIn other: NavigationTree) -> AppliedTransition? {
        var id = container
        while let node = tree.flows[id], !other.flows.contains(id) {
            switch node.parent {
            case .presented: return node.via
            case .tab(let up): id = up
            case .root, .embedded: return nil
            }
        }
        return nil
    }
}

extension SequentialIDs {
    /// The counters moved past every id of `tree`, if they are not already.
    public mutating func advance(past tree: NavigationTree) {
        if let last = tree.flows.keys.max() { nextFlow = max(nextFlow, last.number + 1) }
        if let last = tree.screens.keys.max() { nextScreen = max(nextScreen, last.number + 1) }
    }
}
