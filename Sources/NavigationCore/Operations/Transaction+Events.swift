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
        let made = madeSince(mark)
        let exited = records.exits.withUnsafeBufferPointer { exits in
            (mark.exits..<exits.count).contains { existed(exits[$0].node.id, at: mark, made) }
        }
        if exited { return true }
        if madeFlows[mark.madeFlows...].contains(where: { tree.flows.contains($0) }) { return true }
        if removedFlows[mark.removedFlows...].contains(where: { existed($0.id, at: mark, made) }) { return true }
        var any = false
        forEachChangedSelection(since: mark, made) { _ in
            any = true
            return false
        }
        return any
    }

    /// Calls `body` with each tabs flow of then and now whose selection differs from what it
    /// was at `mark`, in the order they were first selected since, until `body` returns false.
    /// A selection counts at its flow's first record since the mark (the one that holds what
    /// was selected then). Operations select once or twice, and looking back over those is
    /// cheaper than collecting the flows seen; many selections (an `apply` of N) are
    /// collected in a set, so that the cost stays linear.
    private func forEachChangedSelection(since mark: Mark, _ made: MadeSince, _ body: (FlowID) -> Bool) {
        let records = self.records.selections
        guard records.count > mark.selections else { return }
        var seen: Set<FlowID>? = records.count - mark.selections > MadeSince.scanLimit ? [] : nil
        for index in mark.selections..<records.count {
            let (id, previous) = records[index]
            let first: Bool
            if seen != nil {
                first = seen!.insert(id).inserted
            } else {
                first = !(mark.selections..<index).contains { records[$0].flow == id }
            }
            guard first else { continue }
            let selectedNow = tree.flows.read(id) { $0.pointee.kind == .tabs ? $0.pointee.selected : nil } ?? nil
            guard let selectedNow, previous != selectedNow, existed(id, at: mark, made) else { continue }
            if !body(id) { return }
        }
    }

    /// The ordered lifecycle events of docs/operations.md for going from the tree at `mark` to
    /// this transaction's tree. Screens and flows that were added and removed since never
    /// existed as far as clients can tell, so they produce no events.
    ///
    /// One pass over the records since `mark` (plus sorting the flows that started or finished
    /// before the same screen): each record is looked at a fixed number of times, and each
    /// flow's ancestors are walked once for all of them.
    func events(since mark: Mark) -> [NavEvent] {
        var events: [NavEvent] = []
        // At most one event per record, plus willHide and willShow: one allocation.
        events.reserveCapacity(
            records.enters.count - mark.enters + records.exits.count - mark.exits + records.madeFlows.count - mark.madeFlows
                + records.removedFlows.count - mark.removedFlows + records.selections.count - mark.selections + 2)
        let made = madeSince(mark)
        let newTop = tree.topScreen
        let topChanged = mark.top != newTop

        // 1. willHide of the old top (still in the tree, or removed since the mark).
        if topChanged, let oldTop = mark.top {
            let ref = screenRef(oldTop) ?? removedScreenRef(oldTop, since: mark)!
            events.append(.willHide(ref))
        }

        // 2. exits, top-most first, each flow's flowFinished right after its last exit.
        let finished = records.removedFlows.count == mark.removedFlows
            ? [] : (mark.removedFlows..<removedFlows.count).filter { existed(removedFlows[$0].id, at: mark, made) }
        if !finished.isEmpty {
            appendExitsAndFinishedFlows(finished, since: mark, made, to: &events)
        } else {
            // No flow finished (the common case): no groups to build.
            records.exits.withUnsafeBufferPointer { exits in
                for index in mark.exits..<exits.count where existed(exits[index].node.id, at: mark, made) {
                    events.append(.exit(ScreenRef(exits[index].node), via: exits[index].via))
                }
            }
        }

        // 3. tabSelected where a selection changed, in the tree's canonical flow order. One
        // change (a selectTab) needs no array and no order; several are ordered by one walk
        // of the tree.
        func tabSelected(_ id: FlowID) {
            let (index, tab) = tree.flows.read(id) { ($0.pointee.selected, $0.pointee.tabs[$0.pointee.selected]) }!
            events.append(.tabSelected(flow: id, tab: index, name: tree.flows.read(tab) { $0.pointee.name } ?? nil))
        }
        if records.selections.count > mark.selections {
            var first: FlowID?
            var others: [FlowID] = []
            forEachChangedSelection(since: mark, made) { id in
                if first == nil { first = id } else { others.append(id) }
                return true
            }
            if others.isEmpty {
                if let first { tabSelected(first) }
            } else {
                var position: [FlowID: Int] = [:]
                for (index, id) in tree.allFlowsInOrder.enumerated() { position[id] = index }
                for id in ([first!] + others).sorted(by: { position[$0]! < position[$1]! }) { tabSelected(id) }
            }
        }

        // 4. flowStarted before the enter of its first screen, enters bottom-most first.
        let addedFlows = records.madeFlows.count == mark.madeFlows
            ? [] : madeFlows[mark.madeFlows...].filter { tree.flows.contains($0) }
        if !addedFlows.isEmpty {
            appendStartedFlowsAndEnters(addedFlows, since: mark, to: &events)
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

    /// Step 2 of `events(since:)` when flows finished (`finished`: their indices in
    /// `removedFlows`, in removal order): each exit, and after it the flows whose last exit it
    /// was (the flows of the tree at `mark` that own the exited screen, by ownership), the
    /// innermost first. A flow none of whose screens exited finishes after the last exit.
    private func appendExitsAndFinishedFlows(_ finished: [Int], since mark: Mark, _ made: MadeSince, to events: inout [NavEvent]) {
        let removedExits = (mark.exits..<exits.count).filter { existed(exits[$0].node.id, at: mark, made) }
        // The tree at `mark`, upwards: a flow's next flow up by ownership, for those still in
        // the tree and those removed since.
        var removedAt: [FlowID: Int] = [:]
        for index in mark.removedFlows..<removedFlows.count { removedAt[removedFlows[index].id] = index }
        func up(_ id: FlowID) -> FlowID?? {
            if let up = tree.flows.read(id, { $0.pointee.parent.up }) { return up }
            return removedAt[id].map { removedFlows[$0].parent.up }
        }
        // The last exit under each flow: from the last exit backwards, each flow up from the
        // exited screen's owner gets the exit, up to the first flow that already has one
        // (whose ancestors have one too). Each flow is walked once.
        var lastExit: [FlowID: Int] = [:]
        for position in removedExits.indices.reversed() {
            var current: FlowID? = exits[removedExits[position]].node.flow
            while let id = current, lastExit[id] == nil, let next = up(id) {
                lastExit[id] = position
                current = next
            }
        }
        var depths = FlowDepths()
        var finishedAfter: [Int: [(depth: Int, id: FlowID, index: Int)]] = [:]
        for index in finished {
            let id = removedFlows[index].id
            let depth = depths.depth(of: id, up: up)
            finishedAfter[lastExit[id] ?? (removedExits.count - 1), default: []].append((depth, id, index))
        }
        func flowsFinished(after position: Int) {
            guard var flows = finishedAfter[position] else { return }
            // Innermost first; a flow is deeper than every flow it is inside of.
            if flows.count > 1 { flows.sort { ($0.depth, $0.id) > ($1.depth, $1.id) } }
            for flow in flows {
                let node = removedFlows[flow.index]
                events.append(.flowFinished(flow: node.id, name: node.name, result: finishResults[node.id] ?? .null))
            }
        }
        flowsFinished(after: -1)
        for (position, index) in removedExits.enumerated() {
            events.append(.exit(ScreenRef(exits[index].node), via: exits[index].via))
            flowsFinished(after: position)
        }
    }

    /// Step 4 of `events(since:)` when flows started (`added`, in the order they were made):
    /// each enter, and before it the flows whose first screen it is (the flows that own it,
    /// by ownership), the outermost first. A flow without a screen starts before the first.
    private func appendStartedFlowsAndEnters(_ added: [FlowID], since mark: Mark, to events: inout [NavEvent]) {
        let addedEnters = (mark.enters..<enters.count).filter { tree.screens.contains(enters[$0].screen) }
        func up(_ id: FlowID) -> FlowID?? { tree.flows.read(id) { $0.pointee.parent.up } }
        // The first enter under each flow: from the first enter on, each flow up from the
        // entered screen's owner gets the enter, up to the first flow that already has one.
        var firstEnter: [FlowID: Int] = [:]
        for (position, index) in addedEnters.enumerated() {
            var current = tree.screens.read(enters[index].screen) { $0.pointee.flow }
            while let id = current, firstEnter[id] == nil, let next = up(id) {
                firstEnter[id] = position
                current = next
            }
        }
        var depths = FlowDepths()
        var startedBefore: [Int: [(depth: Int, id: FlowID)]] = [:]
        for id in added {
            startedBefore[firstEnter[id] ?? 0, default: []].append((depths.depth(of: id, up: up), id))
        }
        for (position, index) in addedEnters.enumerated() {
            if var flows = startedBefore[position] {
                // Outermost first.
                if flows.count > 1 { flows.sort { ($0.depth, $0.id) < ($1.depth, $1.id) } }
                for flow in flows { events.append(.flowStarted(flow: flow.id, name: tree.flows.read(flow.id) { $0.pointee.name }!)) }
            }
            events.append(.enter(screenRef(enters[index].screen)!, via: enters[index].via))
        }
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
        let made = madeSince(mark)
        return records.exits.withUnsafeBufferPointer { exits in
            var closed: [ScreenID] = []
            for index in mark.exits..<exits.count where existed(exits[index].node.id, at: mark, made) {
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

/// The screens and flows a transaction made since a mark, for asking of many records whether
/// they existed at the mark: most operations make one or two, and `existed` scans those in
/// place (nothing is built or retained: this runs on every request); an `apply` of N routes or
/// a long deep link makes many, kept in sets, so that asking about every record costs linear
/// time instead of records × made.
struct MadeSince {
    /// Up to this many made since the mark, a scan is cheaper than building a set.
    static let scanLimit = 8

    fileprivate var screens: Set<ScreenID>?
    fileprivate var flows: Set<FlowID>?
}

extension Transaction {
    func madeSince(_ mark: Mark) -> MadeSince {
        var made = MadeSince()
        if records.enters.count - mark.enters > MadeSince.scanLimit {
            made.screens = Set(records.enters[mark.enters...].lazy.map(\.screen))
        }
        if records.madeFlows.count - mark.madeFlows > MadeSince.scanLimit {
            made.flows = Set(records.madeFlows[mark.madeFlows...])
        }
        return made
    }

    /// Whether a screen of the tree now, or removed since `mark`, was there at `mark`.
    func existed(_ screen: ScreenID, at mark: Mark, _ made: MadeSince) -> Bool {
        #if DEBUG
        WorkMeter.add(made.screens == nil ? records.enters.count - mark.enters : 1)
        #endif
        if let screens = made.screens { return !screens.contains(screen) }
        return records.enters.withUnsafeBufferPointer { enters in
            !(mark.enters..<enters.count).contains { enters[$0].screen == screen }
        }
    }

    /// Whether a flow of the tree now, or removed since `mark`, was there at `mark`.
    func existed(_ flow: FlowID, at mark: Mark, _ made: MadeSince) -> Bool {
        #if DEBUG
        WorkMeter.add(made.flows == nil ? records.madeFlows.count - mark.madeFlows : 1)
        #endif
        if let flows = made.flows { return !flows.contains(flow) }
        return records.madeFlows.withUnsafeBufferPointer { made in
            !(mark.madeFlows..<made.count).contains { made[$0] == flow }
        }
    }
}

/// Depths of flows by ownership (a root, a presented container: 1; a tab or an embedded flow:
/// one more than its parent), each computed once: `NavigationTree.ancestors(ofFlow:).count`
/// for many flows of one tree without walking shared ancestors again.
struct FlowDepths {
    private var known: [FlowID: Int] = [:]

    /// `up` gives a flow's next flow up (`.some(nil)` at the top), `nil` for an unknown flow.
    mutating func depth(of id: FlowID, up: (FlowID) -> FlowID??) -> Int {
        var chain: [FlowID] = []
        var current: FlowID? = id
        var depth = 0
        while let flow = current {
            if let known = known[flow] {
                depth = known
                break
            }
            guard let next = up(flow) else { break }
            chain.append(flow)
            current = next
        }
        for flow in chain.reversed() {
            depth += 1
            known[flow] = depth
        }
        return depth
    }
}
