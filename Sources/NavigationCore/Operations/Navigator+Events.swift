/// Events and results are derived from what was recorded since a mark (a transaction's start,
/// or the start of one step of an `apply`), not by comparing two trees: the tree is edited in
/// place, so the tree "before" is known through the records. Screen nodes and flow parents
/// never change once made, and ids are never reused, which is what makes that exact: a screen
/// existed at the mark unless it was made since; a flow, likewise.
extension Navigator {
    typealias Mark = NavigatorRecords.Mark

    /// Whether the tree differs from what it was at `mark`. A screen added since that is still
    /// there, or a screen (or flow) of then that was removed, is a change; otherwise only a
    /// tab selection can differ: everything else an operation edits (stacks, `children`,
    /// `presented`) changes only with the screens and flows added or removed, and is back as
    /// it was when those are.
    func changed(since mark: Mark) -> Bool {
        let made = madeSince(mark)
        for index in mark.screens..<records.madeScreens.count where tree.screens.contains(records.madeScreens[index]) {
            return true
        }
        for index in mark.exits..<records.exits.count where made.screens.existedAtMark(records.exits[index].node.id, records.madeScreens) {
            return true
        }
        for index in mark.flows..<records.madeFlows.count where tree.flows.contains(records.madeFlows[index]) {
            return true
        }
        for index in mark.removedFlows..<records.removedFlows.count
        where made.flows.existedAtMark(records.removedFlows[index].id, records.madeFlows) {
            return true
        }
        var selected = false
        forEachChangedSelection(since: mark, made) { _ in
            selected = true
            return false
        }
        return selected
    }

    /// The ordered lifecycle events of docs/operations.md for going from the tree at `mark` to
    /// the tree now, in one pass over the records since `mark`. Screens and flows that were
    /// added and removed since never existed as far as clients can tell: they produce no
    /// events.
    func events(since mark: Mark) -> [NavEvent] {
        var events: [NavEvent] = []
        appendEvents(since: mark, to: &events)
        return events
    }

    /// `events(since:)` appended to `events` (a buffer the caller keeps).
    func appendEvents(since mark: Mark, to events: inout [NavEvent]) {
        let made = madeSince(mark)
        // At most one event per record, plus willHide and willShow: at most one allocation.
        events.reserveCapacity(
            events.count + records.madeScreens.count - mark.screens + records.exits.count - mark.exits + records.madeFlows.count - mark.flows
                + records.removedFlows.count - mark.removedFlows + records.selections.count - mark.selections + 2)
        let newTop = tree.topScreen
        let topChanged = mark.top != newTop

        // 1. willHide of the old top (still in the tree, or removed since the mark).
        if topChanged, let oldTop = mark.top {
            events.append(.willHide(tree.ref(to: oldTop) ?? exitedRef(oldTop, since: mark)!))
        }
        // 2. Exits, top-most first, each flow's flowFinished right after its last exit.
        appendExits(since: mark, made, to: &events)
        // 3. tabSelected where a selection changed, in the tree's canonical flow order.
        appendTabSelections(since: mark, made, to: &events)
        // 4. Enters, bottom-most first, each flow's flowStarted right before its first enter.
        appendEnters(since: mark, to: &events)
        // 5. willShow of the new top.
        if topChanged { events.append(.willShow(tree.ref(to: newTop)!)) }
    }

    /// Screens removed since `mark` that clients had seen, in exit order.
    func closedScreens(since mark: Mark) -> [ScreenID] {
        var closed: [ScreenID] = []
        appendClosedScreens(since: mark, to: &closed)
        return closed
    }

    /// `closedScreens(since:)` appended to `closed` (a buffer the caller keeps).
    func appendClosedScreens(since mark: Mark, to closed: inout [ScreenID]) {
        let made = madeSince(mark)
        for index in mark.exits..<records.exits.count where made.screens.existedAtMark(records.exits[index].node.id, records.madeScreens) {
            closed.append(records.exits[index].node.id)
        }
    }

    /// What was made since `mark`, read from the two records it needs (passing the records
    /// whole would copy every one of them).
    private func madeSince(_ mark: Mark) -> MadeSince {
        MadeSince(screens: MadeIDs(records.madeScreens, since: mark.screens), flows: MadeIDs(records.madeFlows, since: mark.flows))
    }

    // MARK: The steps

    /// Each exit of a screen of then, and after it the flows of then removed since whose last
    /// exit it was (the flows that owned the exited screen, by ownership), the innermost
    /// first. A removed flow none of whose screens exited finishes after the last exit.
    private func appendExits(since mark: Mark, _ made: MadeSince, to events: inout [NavEvent]) {
        let finishing = finishingFlows(since: mark, made)
        var next = 0
        func flowsFinished(afterExit exit: Int) {
            while next < finishing.count, finishing[next].exit == exit {
                let node = records.removedFlows[finishing[next].record]
                events.append(.flowFinished(flow: node.id, name: node.name, result: records.finishResults[node.id] ?? .null))
                next += 1
            }
        }
        flowsFinished(afterExit: mark.exits - 1)
        for index in mark.exits..<records.exits.count where made.screens.existedAtMark(records.exits[index].node.id, records.madeScreens) {
            events.append(.exit(ScreenRef(records.exits[index].node), via: records.exits[index].via))
            flowsFinished(afterExit: index)
        }
    }

    /// The flows of then removed since, each with the exit record it finishes after
    /// (`mark.exits - 1`: before every exit), in the order they finish.
    private func finishingFlows(since mark: Mark, _ made: MadeSince) -> [(exit: Int, depth: Int, id: FlowID, record: Int)] {
        let removed = records.removedFlows
        guard (mark.removedFlows..<removed.count).contains(where: { made.flows.existedAtMark(removed[$0].id, records.madeFlows) }) else { return [] }
        // The tree at `mark`, upwards: a flow's next flow up by ownership, for those still in
        // the tree and those removed since.
        var removedAt: [FlowID: Int] = [:]
        for index in mark.removedFlows..<removed.count { removedAt[removed[index].id] = index }
        func up(_ id: FlowID) -> FlowID?? {
            if let up = tree.owner(of: id) { return up }
            return removedAt[id].map { removed[$0].parent.up }
        }
        // The last exit under each flow: from the last exit backwards, each flow up from the
        // exited screen's owner gets the exit, up to the first flow that already has one
        // (whose ancestors have one too). Each flow is walked once.
        var lastExit: [FlowID: Int] = [:]
        var lastOfAll = mark.exits - 1
        for index in (mark.exits..<records.exits.count).reversed() where made.screens.existedAtMark(records.exits[index].node.id, records.madeScreens) {
            if lastOfAll < mark.exits { lastOfAll = index }
            var current: FlowID? = records.exits[index].node.flow
            while let id = current, lastExit[id] == nil, let next = up(id) {
                lastExit[id] = index
                current = next
            }
        }
        var depths = FlowDepths()
        var finishing: [(exit: Int, depth: Int, id: FlowID, record: Int)] = []
        for index in mark.removedFlows..<removed.count where made.flows.existedAtMark(removed[index].id, records.madeFlows) {
            let id = removed[index].id
            finishing.append((lastExit[id] ?? lastOfAll, depths.depth(of: id, up: up), id, index))
        }
        // By exit; after one exit, innermost first (a flow is deeper than every flow it is
        // inside of).
        finishing.sort { ($0.exit, -$0.depth, -$0.id.number) < ($1.exit, -$1.depth, -$1.id.number) }
        return finishing
    }

    /// A `tabSelected` for each tabs flow whose selection changed, ordered as the tree lists
    /// its flows (`allFlowsInOrder`), which only several selections need.
    private func appendTabSelections(since mark: Mark, _ made: MadeSince, to events: inout [NavEvent]) {
        let first = events.count
        forEachChangedSelection(since: mark, made) { id in
            let (index, tab) = tree.selection(of: id)!
            events.append(.tabSelected(flow: id, tab: index, name: tree.name(of: tab) ?? nil))
            return true
        }
        guard events.count - first > 1 else { return }
        var position: [FlowID: Int] = [:]
        for (index, id) in tree.allFlowsInOrder.enumerated() { position[id] = index }
        events[first...].sort { position[$0.tabsFlow!]! < position[$1.tabsFlow!]! }
    }

    /// Each enter of a screen still there, and before it the flows made since and still there
    /// whose first enter it is (the flows that own the entered screen, by ownership), the
    /// outermost first. A made flow without an entered screen starts before the first enter.
    private func appendEnters(since mark: Mark, to events: inout [NavEvent]) {
        let starting = startingFlows(since: mark)
        var next = 0
        for index in mark.screens..<records.madeScreens.count {
            guard let ref = tree.ref(to: records.madeScreens[index]) else { continue }
            while next < starting.count, starting[next].enter == index {
                events.append(.flowStarted(flow: starting[next].id, name: tree.name(of: starting[next].id)!))
                next += 1
            }
            events.append(.enter(ref, via: records.enterVias[index]))
        }
    }

    /// The flows made since and still there, each with the enter record it starts before, in
    /// the order they start.
    private func startingFlows(since mark: Mark) -> [(enter: Int, depth: Int, id: FlowID)] {
        guard (mark.flows..<records.madeFlows.count).contains(where: { tree.flows.contains(records.madeFlows[$0]) }) else {
            return []
        }
        func up(_ id: FlowID) -> FlowID?? { tree.owner(of: id) }
        // The first enter under each flow: from the first enter on, each flow up from the
        // entered screen's owner gets the enter, up to the first flow that already has one.
        var firstEnter: [FlowID: Int] = [:]
        var firstOfAll: Int?
        for index in mark.screens..<records.madeScreens.count {
            guard var current = tree.owner(of: records.madeScreens[index]) as FlowID? else { continue }
            if firstOfAll == nil { firstOfAll = index }
            while firstEnter[current] == nil, let next = up(current) {
                firstEnter[current] = index
                guard let next else { break }
                current = next
            }
        }
        var depths = FlowDepths()
        var starting: [(enter: Int, depth: Int, id: FlowID)] = []
        for index in mark.flows..<records.madeFlows.count where tree.flows.contains(records.madeFlows[index]) {
            let id = records.madeFlows[index]
            starting.append((firstEnter[id] ?? firstOfAll ?? -1, depths.depth(of: id, up: up), id))
        }
        // By enter; before one enter, outermost first.
        starting.sort { ($0.enter, $0.depth, $0.id) < ($1.enter, $1.depth, $1.id) }
        return starting
    }

    /// Calls `body` with each tabs flow of then and now whose selection differs from what it
    /// was at `mark`, in the order they were first selected since, until `body` returns false.
    /// A selection counts at its flow's first record since the mark (the one that holds what
    /// was selected then). An operation selects once or twice, and looking back over those is
    /// cheaper than collecting the flows seen; many selections (an `apply` of N) are
    /// collected in a set, so that the cost stays linear.
    private func forEachChangedSelection(since mark: Mark, _ made: MadeSince, _ body: (FlowID) -> Bool) {
        let selections = records.selections
        guard selections.count > mark.selections else { return }
        var seen: Set<FlowID>? = selections.count - mark.selections > MadeIDs<FlowID>.scanLimit ? [] : nil
        for index in mark.selections..<selections.count {
            let (id, previous) = selections[index]
            let first = seen != nil
                ? seen!.insert(id).inserted : !(mark.selections..<index).contains { selections[$0].flow == id }
            guard first, let selectedNow = tree.selection(of: id)?.index, previous != selectedNow,
                  made.flows.existedAtMark(id, records.madeFlows) else { continue }
            if !body(id) { return }
        }
    }

    /// The reference to a screen removed since `mark`, from its exit record.
    private func exitedRef(_ id: ScreenID, since mark: Mark) -> ScreenRef? {
        (mark.exits..<records.exits.count).first { records.exits[$0].node.id == id }.map { ScreenRef(records.exits[$0].node) }
    }
}

extension NavEvent {
    /// The tabs flow of a `tabSelected`.
    fileprivate var tabsFlow: FlowID? {
        if case .tabSelected(let flow, _, _) = self { return flow }
        return nil
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

/// The screens and flows made since a mark: whatever is not among them existed at the mark.
struct MadeSince {
    let screens: MadeIDs<ScreenID>
    let flows: MadeIDs<FlowID>
}

/// Ids of one kind made since a mark (`made[start...]` of a record), for asking of many
/// records whether they existed at the mark: most operations make one or two, scanned in
/// place (nothing is built or retained: this runs on every request); an `apply` of N routes or
/// a long deep link makes many, put in a set once, so that asking about every record costs
/// linear time instead of records × made.
struct MadeIDs<ID: Hashable> {
    /// Up to this many, a scan is cheaper than building a set.
    static var scanLimit: Int { 8 }

    private let start: Int
    private let set: Set<ID>?

    init(_ made: [ID], since start: Int) {
        self.start = start
        self.set = made.count - start > Self.scanLimit ? Set(made[start...]) : nil
    }

    /// Whether an id of the tree now, or of a record since the mark, was there at the mark;
    /// `made` is the record the ids were taken from.
    func existedAtMark(_ id: ID, _ made: [ID]) -> Bool {
        #if DEBUG
        WorkMeter.add(set == nil ? made.count - start : 1)
        #endif
        if let set { return !set.contains(id) }
        for index in start..<made.count where made[index] == id { return false }
        return true
    }
}

/// Depths of flows by ownership (a root, a presented container: 1; a tab or an embedded flow:
/// one more than its parent), each computed once: the depths of many flows of one tree
/// without walking shared ancestors again.
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
