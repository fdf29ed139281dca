/// How hard a commit waits for the disk (`--sync`): SQLite's `synchronous` in WAL mode.
public enum SyncMode: String, Sendable, CaseIterable {
    /// A commit survives navd dying (`kill -9`); the last ones may be lost on power loss.
    case normal
    /// Every commit is fsynced: it survives power loss too.
    case full

    var pragma: String {
        switch self {
        case .normal: "NORMAL"
        case .full: "FULL"
        }
    }
}
