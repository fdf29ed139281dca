/// Events and results are derived from what the transaction recorded since a `Mark` (its
/// start, or the start of one step of an `apply`), not by comparing two trees: the tree is
/// edited in place, so the tree "before" is known through the records. Screen nodes and flow
/// parents never change once made, and ids are never reused, which is what makes that exact:
/// a screen existed at the mark unless it entered since; a flow, unless it was made since.
extension Transaction {
    /// Whether the tree differs from what it was at `mark`. A screen added since that is still
    /// there, or a screen (or flow) of then that was removed, is a change; otherwise only a
    /// tab selection can differ: everything else an operation edits (stacks, `children`,
    /// `presented`) changes only with the screens and flows added or removed, and is back as
    /// it was when those are.
    func changed(since mark: Mark) -> Bool {
        let entered = records.enters.withUnsafeBufferPointer { enters in
            (mark.enters..<enters.count).contains { tree.screens.contains(enters[$0].screen) }
        }
        if entered { return true }
        let exited = records.exits.withUnsafeBufferPointer { exits in
            (mark.exits..<exits.count).contains { existed(exits[$0].node.id, at: mark) }
        }
        if exited { return true }
        if madeFlows[mark.madeFlows...].contains(where: { tree.flows.contains($0) }) { return true }
        if removedFlows[mark.removedFlows...].contains(where: { existed($0.id, at: mark) }) { return true }
        return anySelectionChanged(since: mark)
    }

    /// Whether a screen that is in the tree now or was removed since `mark` was there at `mark`.
    ///
    /// Records are read in place here and below: iterating them copied every entry (its
    /// node's strings and params, its transition), a retain and a release each.
    func existed(_ screen: ScreenID, at mark: Mark) -> Bool {
        records.enters.withUnsafeBufferPointer { enters in
            !(mark.enters..<enters.count).contains { enters[$0].screen == screen }
        }
    }

    /// Whether a flow that is in the tree now or was removed since `mark` was there at `mark`.
    func existed(_ flow: FlowID, at mark: Mark) -> Bool {
        !madeFlows[mark.madeFlows...].contains(flow)
    }

    /// A flow instance as it was at `mark`, for one that existed then.
    private func flowAt(_ mark: Mark, _ id: FlowID) -> FlowNode? {
        tree.flows[id] ?? removedFlows[mark.removedFlows...].last { $0.id == id }
    }

    /// `NavigationTree.ancestors(ofFlow:)` of the tree at `mark`.
    private func ancestorsAt(_ mark: Mark, ofFlow id: FlowID) -> [FlowID] {
        var result: [FlowID] = []
        var current: FlowID? = id
        while let c = current, let node = flowAt(mark, c) {
            result.append(c)
            switch node.parent {
            case .root, .presented: current = nil
            case .tab(let of): current = of
            case .embedded(let parent, _): current = parent
            }
        }
        return result
    }

    /// Tabs flows of then and now whose selection differs from what it was at `mark`, in the
    /// order they were first selected since.
    private func selectionsChanged(since mark: Mark) -> [FlowID] {
        var changed: [FlowID] = []
        let records = self.records.selections
        for index in mark.selections..<records.count where selectionChanged(records, at: index, since: mark) {
            changed.append(records[index].flow)
        }
        return changed
    }

    /// The flow of `selectionsChanged(since:)` when it has exactly one, without building it.
    private func onlyChangedSelection(since mark: Mark) -> FlowID? {
        let records = self.records.selections
        var only: FlowID?
        for index in mark.selections..<records.count where selectionChanged(records, at: index, since: mark) {
            guard only == nil else { return nil }
            only = records[index].flow
        }
        return only
    }

    /// `!selectionsChanged(since:).isEmpty`, without building the array.
    private func anySelectionChanged(since mark: Mark) -> Bool {
        let records = self.records.selections
        for index in mark.selections..<records.count where selectionChanged(records, at: index, since: mark) {
            return true
        }
        return false
    }

    /// Whether the selection recorded at `index` is its flow's first since `mark` (the one
    /// that holds what was selected at the mark) and the flow, a tabs flow then and now,
    /// selects another tab now. Operations select once or twice: looking back is cheaper
    /// than collecting the flows seen.
    private func selectionChanged(_ records: [(flow: FlowID, previous: Int)], at index: Int, since mark: Mark) -> Bool {
        let (id, previous) = records[index]
        for earlier in mark.selections..<index where records[earlier].flow == id { return false }
        let selectedNow = tree.flows.read(id) { $0.pointee.kind == .tabs ? $0.pointee.selected : nil } ?? nil
        guard let selectedNow, previous != selectedNow else { return false }
        return existed(id, at: mark)
    }

    /// The ordered lifecycle events of docs/operations.md for going from the tree at `mark` to
    /// this transaction's tree. Screens and flows that were added and removed since never
    /// existed as far as clients can tell, so they produce no events.
    func events(since mark: Mark) -> [NavEvent] {
        var events: [NavEvent] = []
        // At most one event per record, plus willHide and willShow: one allocation.
        events.reserveCapacity(
            records.enters.count - mark.enters + records.exits.count - mark.exits + records.madeFlows.count - mark.madeFlows
                + records.removedFlows.count - mark.removedFlows + records.selections.count - mark.selections + 2)
        let newTop = tree.topScreen
        let topChanged = mark.top != newTop

        // 1. willHide of the old top (still in the tree, or removed since the mark).
        if topChanged, let oldTop = mark.top {
            let ref = screenRef(oldTop) ?? removedScreenRef(oldTop, since: mark)!
            events.append(.willHide(ref))
        }

        // 2. exits, top-most first, each flow's flowFinished right after its last exit.
        let finished = records.removedFlows.count == mark.removedFlows
            ? [] : removedFlows[mark.removedFlows...].filter { existed($0.id, at: mark) }
        if !finished.isEmpty {
            let removedExits = exits[mark.exits...].filter { existed($0.node.id, at: mark) }
            var finishedAfter: [Int: [FlowNode]] = [:]
            for flow in finished {
                let last = removedExits.lastIndex { ancestorsAt(mark, ofFlow: $0.node.flow).contains(flow.id) }
                finishedAfter[last ?? (removedExits.count - 1), default: []].append(flow)
            }
            func flowsFinished(after index: Int) {
                let flows = (finishedAfter[index] ?? []).map { ($0, ancestorsAt(mark, ofFlow: $0.id).count) }.sorted {
                    ($0.1, $0.0.id) > ($1.1, $1.0.id)
                }
                for (flow, _) in flows {
                    events.append(.flowFinished(flow: flow.id, name: flow.name, result: finishResults[flow.id] ?? .null))
                }
            }
            flowsFinished(after: -1)
            for (index, exit) in removedExits.enumerated() {
                events.append(.exit(ScreenRef(exit.node), via: exit.via))
                flowsFinished(after: index)
            }
        } else {
            // No flow finished (the common case): no groups to build.
            records.exits.withUnsafeBufferPointer { exits in
                for index in mark.exits..<exits.count where existed(exits[index].node.id, at: mark) {
                    events.append(.exit(ScreenRef(exits[index].node), via: exits[index].via))
                }
            }
        }

        // 3. tabSelected where a selection changed, in the tree's canonical flow order. One
        // change (a selectTab) needs no array and no order.
        func tabSelected(_ id: FlowID) {
            let (index, tab) = tree.flows.read(id) { ($0.pointee.selected, $0.pointee.tabs[$0.pointee.selected]) }!
            events.append(.tabSelected(flow: id, tab: index, name: tree.flows.read(tab) { $0.pointee.name } ?? nil))
        }
        if records.selections.count == mark.selections {
            // No tab was selected (the common case).
        } else if let only = onlyChangedSelection(since: mark) {
            tabSelected(only)
        } else {
            var selected = selectionsChanged(since: mark)
            if selected.count > 1 {
                let order = tree.allFlowsInOrder
                selected.sort { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
            }
            for id in selected { tabSelected(id) }
        }

        // 4. flowStarted before the enter of its first screen, enters bottom-most first.
        let addedFlows = records.madeFlows.count == mark.madeFlows
            ? [] : madeFlows[mark.madeFlows...].filter { tree.flows.contains($0) }
        if !addedFlows.isEmpty {
            let addedEnters = enters[mark.enters...].filter { tree.screens.contains($0.screen) }
            var startedBefore: [Int: [FlowID]] = [:]
            for flow in addedFlows {
                let first = addedEnters.firstIndex { tree.owns(flow, screen: $0.screen) } ?? 0
                startedBefore[first, default: []].append(flow)
            }
            for (index, enter) in addedEnters.enumerated() {
                let flows = (startedBefore[index] ?? []).sorted {
                    (tree.ancestors(ofFlow: $0).count, $0) < (tree.ancestors(ofFlow: $1).count, $1)
                }
                for flow in flows { events.append(.flowStarted(flow: flow, name: tree.flows[flow]!.name)) }
                events.append(.enter(screenRef(enter.screen)!, via: enter.via))
            }
        } else {
            // No flow started (the common case): no groups to build.
            records.enters.withUnsafeBufferPointer { enters in
                for index in mark.enters..<enters.count where tree.screens.contains(enters[index].screen) {
                    events.append(.enter(screenRef(enters[index].screen)!, via: enters[index].via))
                }
            }
        }

        // 5. willShow of the new top.
        if topChanged { events.append(.willShow(screenRef(newTop)!)) }
        return events
    }

    /// An event's reference to a screen of the tree, copying only the fields it carries.
    private func screenRef(_ id: ScreenID) -> ScreenRef? {
        tree.screens.read(id) {
            ScreenRef(screen: $0.pointee.id, name: $0.pointee.name, params: $0.pointee.params, flow: $0.pointee.flow)
        }
    }

    /// The reference to a screen removed since `mark`, from its exit record.
    private func removedScreenRef(_ id: ScreenID, since mark: Mark) -> ScreenRef? {
        records.exits.withUnsafeBufferPointer { exits in
            (mark.exits..<exits.count).first { exits[$0].node.id == id }.map { ScreenRef(exits[$0].node) }
        }
    }

    /// Screens removed since `mark` that clients had seen, in exit order.
    func closedScreens(since mark: Mark) -> [ScreenID] {
        records.exits.withUnsafeBufferPointer { exits in
            var closed: [ScreenID] = []
            for index in mark.exits..<exits.count where existed(exits[index].node.id, at: mark) {
                closed.append(exits[index].node.id)
            }
            return closed
        }
    }
}

extension [NavEvent] {
    /// The flow instances these events finished, in order.
    var finishedFlows: [FlowID] {
        compactMap {
            if case .flowFinished(let flow, _, _) = $0 { return flow }
            return nil
        }
    }
}
