import NavigationCore

/// Acknowledged means committed (Protocol/semantics.md): with a store, the revisions of a loop
/// iteration are committed in one transaction at the flush point, before the transport writes
/// anything queued in that iteration (responses and notifications only queue until then).
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
    /// of them be written (navd stops).
    public func flushCommits() throws {
        guard let store, engine.revision != storedRevision else { return }
        let entries = try history.entriesEncodingTrees(since: storedRevision, current: engine.tree, text: &treeText)
        try Self.commit(entries, to: store, state: &engine)
        storedRevision = engine.revision
    }

    /// `store.commit` of the navigator where it is stored: passing `engine` itself would first
    /// copy the whole navigator (its access is checked at run time, so the compiler cannot
    /// borrow it across the call).
    private static func commit(_ entries: [HistoryEntry], to store: any StateStore, state navigator: inout Navigator) throws {
        try store.commit(entries, state: navigator)
    }
}
