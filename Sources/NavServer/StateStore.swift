public import NavigationCore
public import NavHistory

/// Where a durable navd keeps its state (the daemon wires NavStore's SQLite database; tests an
/// in-memory store). The server hands it every revision not yet committed, in revision order,
/// each as the bytes of its row borrowed where the history and the tree's text hold them
/// (`RevisionRows`), with the navigator's state after the last of them, before anything of
/// those revisions is written to a client (`NavServer.flushCommits`).
public protocol StateStore: AnyObject {
    /// Saves all of it or none of it: once this returns, the revisions are durable. `rows` is
    /// held for the call only (a store copies what it keeps of them). `state` is the
    /// navigator itself, borrowed where the server keeps it: a store writes what it needs of
    /// it (a snapshot would build the session's JSON and copy the tree for each commit).
    func commit(_ rows: RevisionRows, state: borrowing Navigator) throws
}
