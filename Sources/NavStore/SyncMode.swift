/// How hard a commit waits for the disk (`--sync`). SQLite syncs the log at every commit
/// (`synchronous = FULL`); navd's VFS makes that sync reach the disk, or only the file.
public enum SyncMode: String, Sendable, CaseIterable {
    /// A commit survives navd dying (`kill -9`); the last ones may be lost on power loss.
    case normal
    /// Every commit is fsynced: it survives power loss too.
    case full
}
