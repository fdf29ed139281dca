import NavigationCore
import NavHistory

/// Acknowledged means committed (Protocol/semantics.md): with a store, the revisions of a loop
/// iteration are committed at the flush point, before the transport writes anything queued in
/// that iteration (responses and notifications only queue until then). An iteration that makes
/// more revisions than the history keeps commits them in several transactions: one each time
/// the history holds nothing but uncommitted revisions (`commitBeforeTheHistoryDropsOne`),
/// since the store takes them from the history.
extension NavServer {
    /// Sets the store; `revision` is the last one it already holds (0 when it holds nothing,
    /// so that the first flush commits the boot revision).
    public func persist(to store: any StateStore, committedThrough revision: Int) {
        self.store = store
        storedRevision = revision
    }

    /// Whether revisions wait for the store.
    public var hasUncommittedRevisions: Bool { store != nil && engine.revision != storedRevision }

    /// Commits every revision made since the last commit, with the state after them, in one
    /// call to the store; nothing when there is none or no store. When the store throws, the
    /// revisions stay uncommitted and the error goes to the caller, which must not let anything
    /// of them be written (navd stops). A commit that failed inside the iteration
    /// (`commitBeforeTheHistoryDropsOne`) fails every flush after it: the revisions it could not
    /// commit may be gone from the history since.
    public func flushCommits() throws {
        if let failedCommit { throw failedCommit }
        guard let store, engine.revision != storedRevision else { return }
        try Self.commit(history, since: storedRevision, to: store, state: &engine, text: &treeText)
        storedRevision = engine.revision
    }

    /// Called after each revision the history keeps: when every revision it keeps is
    /// uncommitted, the next one would drop the oldest before the store had it, so they are
    /// committed now, in the middle of the loop iteration. Nothing of the iteration has been
    /// written to a client yet (the transport writes at the flush point), so acknowledged still
    /// means committed. A failure is kept for the flush point, which throws it (navd stops
    /// there, before writing anything).
    func commitBeforeTheHistoryDropsOne() {
        guard store != nil, failedCommit == nil, history.count == history.limit, let oldest = history.oldest,
            oldest > storedRevision
        else { return }
        do {
            try flushCommits()
        } catch {
            failedCommit = error
        }
    }

    /// Commits the revisions of `history` after `since`, each as its row (its record where
    /// the history holds it, its tree written against `text`: `History.rowsEncodingTrees`),
    /// and the navigator's state, where the server keeps them: passing `engine` or its tree
    /// itself would first copy it (its access is checked at run time, so the compiler cannot
    /// borrow it across the call).
    static func commit(
        _ history: borrowing History, since: Int, to store: any StateStore, state navigator: inout Navigator, text: inout TreeText?
    ) throws {
        let rows = try history.rowsEncodingTrees(since: since, current: navigator.tree, text: &text)
        // The first commit starts at the history's first revision, every later one at the
        // revision after the last committed: a gap would be revisions acknowledged and lost.
        precondition(
            since == 0 || (since < Int.max && rows.firstRevision == since + 1),
            "navd: revisions after \(since) left the history before they were committed")
        try store.commit(rows, state: navigator)
    }
}
