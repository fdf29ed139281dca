import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// The history of committed revisions and the methods that read it or travel through it
/// (docs/protocol.md: `nav.history`, `nav.goto`, `nav.reset`).
extension NavServer {
    /// Keeps a committed revision (the navigator's newest) with the undo of its change: its
    /// record (the cause: `method`, the request's `params` as received and `members`, then the
    /// events) written once, in `recordBuffer`, and copied into the history's ring. Some
    /// revisions keep the tree too (`KeptTrees`: by the size of the tree and of the edits since
    /// the last one), the navigator's value shared until the navigator edits it
    /// (copy-on-write). The answer and `nav.changed` copy the events from the history's
    /// newest record (`withNewestEvents(of:_:)`, `broadcast`).
    func remember(_ result: OperationResult, method: StaticString, params: UnsafeBufferPointer<UInt8>, members: [UInt8]) {
        precondition(result.revision == engine.revision, "navd: only the navigator's newest revision is remembered")
        // `keptTrees`, `recordBuffer` and `history` are each changed in a local (as in
        // `updateHistory`): no access to them contains a call, so none is checked at run time.
        // So is `engine`: read into locals first, not across the calls.
        let (undo, nodes) = (engine.lastUndo, engine.tree.screens.count + engine.tree.flows.count)
        var kept = keptTrees
        let keeps = kept.keeps(undo: undo, nodes: nodes)
        keptTrees = kept
        let tree = keeps ? engine.tree : nil
        let at = configuration.now()
        var buffer = takeRecordBuffer()
        updateHistory { history in
            history.append(
                revision: result.revision, at: at, method: method, encodedParams: params, members: members,
                events: result.events, undo: undo, keeping: tree, in: &buffer)
        }
        putBackRecordBuffer(buffer)
        commitBeforeTheHistoryDropsOne()
    }

    /// Changes or reads `history` in a local swapped out and back, as `updateSubscribers`
    /// does: no access to the property contains a call, so its exclusivity is checked at
    /// compile time (held across a call of another module, an access is checked at run
    /// time, and a read copies the history: about 200 instructions). `change` must not reach
    /// `history` itself (it would find an empty one).
    func updateHistory<Result>(_ change: (inout History) -> Result) -> Result {
        var local = History(limit: 1)
        swap(&local, &history)
        let result = change(&local)
        swap(&local, &history)
        return result
    }

    /// The buffer each revision's record is written in, taken (and put back after) as the
    /// responses buffer is: never held open.
    func takeRecordBuffer() -> JSONBuffer {
        var spare: JSONBuffer? = nil
        swap(&spare, &recordBuffer)
        guard let spare else { return JSONBuffer(capacity: 1_024) }
        return spare
    }

    func putBackRecordBuffer(_ buffer: consuming JSONBuffer) {
        var spare: JSONBuffer? = .some(buffer)
        swap(&spare, &recordBuffer)
    }

    /// The events of `revision`, the newest revision kept, lent to `body` from the history's
    /// ring: what its answer copies. A revision is answered before the next one is kept (a
    /// request's answer is written as soon as it ran, a batch's one entry after the other,
    /// an emit's when it is handled), so the newest is always the one answered.
    /// The history is read in a local swapped out and back (`updateHistory`): `body` must not
    /// reach `history`.
    func withNewestEvents(of revision: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        updateHistory { history in
            history.withNewestRecord { newest in
                precondition(newest.revision == revision, "navd: a revision is answered before the next one is kept")
                body(newest.events)
            }
        }
    }

    /// `{entries, oldest, latest, more?}`, entries newest last, written whole before it is
    /// answered (a restored entry whose stored JSON does not read back fails the request
    /// instead). The entries' bytes stop at `configuration.historyPageBytes`: the entry that
    /// would pass them is left out with every one after it (the first is always in), and
    /// `more: true` says so; the client goes on with `since` = the last revision it got. The
    /// trees are rebuilt as the page is written, as many at a time as the page expects to take
    /// (`HistoryPage.entriesLeft`, `History.forEachKeepingTree`): a page cut early rebuilds
    /// hardly a tree it does not write.
    func historyAnswer(since: Int?, limit: Int, tree: Bool) throws(RPCFailure) -> [UInt8] {
        var page = HistoryPage(bound: configuration.historyPageBytes, tree: tree)
        if tree {
            do {
                try history.forEachKeepingTree(since: since, limit: limit, current: engine.tree, wanted: { page.entriesLeft }) {
                    page.add($0)
                }
            } catch {
                throw damaged(error)
            }
        } else {
            for entry in history.entries(since: since, limit: limit) where !page.add(entry) { break }
        }
        if let damage = page.damage { throw damaged(damage.revision, damage.error) }
        return page.answer(oldest: history.oldest, latest: history.latest)
    }

    /// `nav.goto {revision, expectRevision?}`: the tree of a revision the history still has,
    /// current again as a new revision (or a no-op when it is the current tree).
    func goto(_ revision: Int, expectRevision: Int?, params: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) throws(RPCFailure) -> CallResult {
        try checkExpected(expectRevision)
        let found: NavigationTree?
        do {
            found = try history.tree(of: revision, current: engine.tree)
        } catch {
            throw damaged(error)
        }
        guard let tree = found else { throw historyGone(revision) }
        let result = try RPCFailure.engine { () throws(NavError) in try engine.goto(tree, expectRevision: expectRevision) }
        guard !result.noop else { return .operation(result, committed: false) }
        return committed(result, method: .navGoto, params: params, sessionChanged: result.changedPending, in: &read)
    }

    /// `nav.reset {expectRevision?}`: the boot tree with fresh ids, as a new revision.
    func reset(expectRevision: Int?, params: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) throws(RPCFailure) -> CallResult {
        let sessionBefore = engine.session
        let result = try RPCFailure.engine { () throws(NavError) in try engine.reset(expectRevision: expectRevision) }
        // A reset returns the session to boot: flags set before it changed with no event.
        return committed(result, method: .navReset, params: params, sessionChanged: engine.session != sessionBefore, in: &read)
    }

    /// `-32005` before anything else, as for every mutation.
    func checkExpected(_ expectRevision: Int?) throws(RPCFailure) {
        if let expectRevision, expectRevision != engine.revision {
            throw RPCFailure(.conflict("revision", expected: .int(expectRevision), actual: .int(engine.revision)))
        }
    }

    /// `-32603`: a restored entry whose stored events or tree do not read back (the database
    /// was changed under navd's feet). The request fails; nothing else does.
    func damaged(_ revision: Int, _ error: TreeDecodingError) -> RPCFailure {
        .internalError("revision \(revision) of the saved history cannot be read: \(error.message)")
    }

    func damaged(_ damage: History.DamagedEntry) -> RPCFailure {
        damaged(damage.revision, damage.error)
    }

    /// `-32012`: `data: {revision, oldest, latest}`.
    func historyGone(_ revision: Int) -> RPCFailure {
        let kept = history.oldest.map { "the history keeps revisions \($0) to \(history.latest!)" } ?? "the history is empty"
        return RPCFailure(
            .historyGone, "revision \(revision) is not in the history (\(kept))",
            data: [
                "revision": .int(revision), "oldest": history.oldest.map(JSONValue.int) ?? .null,
                "latest": history.latest.map(JSONValue.int) ?? .null,
            ])
    }
}
