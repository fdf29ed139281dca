public import NavigationCore
public import NavHistory

/// Where a durable navd keeps its state (the daemon wires NavStore's SQLite database; tests an
/// in-memory store). The server hands it every history entry not yet committed, in revision
/// order, with the navigator's state after the last of them, before anything of those
/// revisions is written to a client (`NavServer.flushCommits`).
public protocol StateStore: AnyObject {
    /// Saves all of it or none of it: once this returns, the revisions are durable. `state` is
    /// the navigator itself, borrowed where the server keeps it: a store writes what it needs
    /// of it (a snapshot would build the session's JSON and copy the tree for each commit).
    func commit(_ entries: [HistoryEntry], state: borrowing Navigator) throws
}
