public import NavigationCore

/// Where a durable navd keeps its state (the daemon wires NavStore's SQLite database; tests an
/// in-memory store). The server hands it every history entry not yet committed, in revision
/// order, with the navigator's state after the last of them, before anything of those
/// revisions is written to a client (`NavServer.flushCommits`).
public protocol StateStore: AnyObject {
    /// Saves all of it or none of it: once this returns, the revisions are durable.
    func commit(_ entries: [HistoryEntry], state: NavigatorSnapshot) throws
}
