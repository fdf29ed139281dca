extension Transaction {
    /// Whether the transaction changed the tree. A screen it added that is still there, or a
    /// screen of `old` it removed, is a change (ids are never reused) and needs no comparison;
    /// only what leaves the screens as they were (a tab selection, changes undone within one
    /// `apply`) compares the trees.
    func changed(from old: NavigationTree) -> Bool {
        if enters.contains(where: { tree.screens[$0.screen] != nil }) { return true }
        if exits.contains(where: { old.screens[$0.node.id] != nil }) { return true }
        return tree != old
    }

    /// The ordered lifecycle events of DESIGN.md §4.1 for going from `old` to this
    /// transaction's tree; `old` is `nil` at boot. Screens and flows that were added and
    /// removed within the same transaction never existed as far as clients can tell, so they
    /// produce no events.
    func events(from old: NavigationTree?) -> [NavEvent] {
        let new = tree
        var events: [NavEvent] = []
        events.reserveCapacity(enters.count + exits.count + 2)
        let oldTop = old?.topScreen
        let newTop = new.topScreen
        let topChanged = oldTop != newTop

        // 1. willHide of the old top.
        if topChanged, let old, let oldTop { events.append(.willHide(ScreenRef(old.screens[oldTop]!))) }

        // 2. exits, top-most first, each flow's flowFinished right after its last exit.
        if let old {
            let removedExits = exits.filter { old.screens[$0.node.id] != nil }
            let removedFlows = removedFlows.filter { old.flows[$0] != nil && new.flows[$0] == nil }
            var finishedAfter: [Int: [FlowID]] = [:]
            for flow in removedFlows {
                let last = removedExits.lastIndex { old.owns(flow, screen: $0.node.id) } ?? (removedExits.count - 1)
                finishedAfter[last, default: []].append(flow)
            }
            func flowsFinished(after index: Int) {
                guard !finishedAfter.isEmpty else { return }
                let flows = (finishedAfter[index] ?? []).sorted {
                    (old.ancestors(ofFlow: $0).count, $0) > (old.ancestors(ofFlow: $1).count, $1)
                }
                for flow in flows {
                    events.append(.flowFinished(flow: flow, name: old.flows[flow]!.name, result: finishResults[flow] ?? .null))
                }
            }
            flowsFinished(after: -1)
            for (index, exit) in removedExits.enumerated() {
                events.append(.exit(ScreenRef(exit.node), via: exit.via))
                flowsFinished(after: index)
            }

            // 3. tabSelected where a selection changed, in the tree's canonical flow order.
            var selected: [FlowID] = []
            for id in selectionsSet where !selected.contains(id) {
                guard let now = new.flows[id], now.kind == .tabs, let before = old.flows[id], before.selected != now.selected else {
                    continue
                }
                selected.append(id)
            }
            if selected.count > 1 {
                let order = new.allFlowsInOrder
                selected.sort { order.firstIndex(of: $0)! < order.firstIndex(of: $1)! }
            }
            for id in selected {
                let now = new.flows[id]!
                events.append(.tabSelected(flow: id, tab: now.selected, name: new.flows[now.tabs[now.selected]]?.name))
            }
        }

        // 4. flowStarted before the enter of its first screen, enters bottom-most first.
        let addedEnters = enters.filter { new.screens[$0.screen] != nil && old?.screens[$0.screen] == nil }
        let addedFlows = old == nil ? Array(new.flows.keys) : madeFlows.filter { new.flows[$0] != nil && old?.flows[$0] == nil }
        var startedBefore: [Int: [FlowID]] = [:]
        for flow in addedFlows {
            let first = addedEnters.firstIndex { new.owns(flow, screen: $0.screen) } ?? 0
            startedBefore[first, default: []].append(flow)
        }
        for (index, enter) in addedEnters.enumerated() {
            let flows = (startedBefore[index] ?? []).sorted {
                (new.ancestors(ofFlow: $0).count, $0) < (new.ancestors(ofFlow: $1).count, $1)
            }
            for flow in flows { events.append(.flowStarted(flow: flow, name: new.flows[flow]!.name)) }
            events.append(.enter(ScreenRef(new.screens[enter.screen]!), via: enter.via))
        }

        // 5. willShow of the new top.
        if topChanged { events.append(.willShow(ScreenRef(new.screens[newTop]!))) }
        return events
    }

    /// Screens removed by this transaction that clients had seen, in exit order.
    func closedScreens(from old: NavigationTree) -> [ScreenID] {
        exits.map(\.node.id).filter { old.screens[$0] != nil }
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
