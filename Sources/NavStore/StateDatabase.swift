public import NavigationCore
import Glibc

/// navd's state in one SQLite database (`STATE_DIR/APP.sqlite`, WAL): opened with its lock
/// held, checked before anything is written to it, then loaded once and committed to once per
/// loop iteration. Statements are prepared once and reused.
public final class StateDatabase {
    public let path: String
    /// Revisions kept on disk: older ones are pruned by the commit that goes past the limit.
    public let historyLimit: Int
    private var lock: StoreLock?
    private let connection: SQLiteConnection
    private let begin: SQLiteStatement
    private let end: SQLiteStatement
    private let rollback: SQLiteStatement
    private let insertRevision: SQLiteStatement
    private let saveState: SQLiteStatement
    private let prune: SQLiteStatement

    /// Opens `path` for `app`, creating it if it is new. Throws `.locked` when another process
    /// holds it, `.unreadable`, `.newerSchema` or `.otherApp` for a file navd must not use:
    /// such a file is left exactly as it was.
    public init(path: String, app: String, sync: SyncMode = .normal, historyLimit: Int = History.defaultLimit) throws(StoreError) {
        precondition(historyLimit >= 1, "a history keeps at least one entry")
        self.path = path
        self.historyLimit = historyLimit
        let lock = try StoreLock(database: path)
        // Created private (SQLite would make it 0644, and its -wal and -shm files as it is).
        let created = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        if created >= 0 { Glibc.close(created) }
        let connection = try SQLiteConnection(path: path)
        // Read before anything is written: a file that is not navd's is refused untouched.
        let version = try connection.integer("PRAGMA user_version")
        let objects = try connection.integer("SELECT count(*) FROM sqlite_master")
        if version > StoreSchema.version {
            throw StoreError(.newerSchema(found: version, supported: StoreSchema.version), path: path)
        }
        if version == 0 && objects > 0 {
            throw StoreError(.unreadable, path: path, detail: "an SQLite database, but not navd's")
        }
        if version == StoreSchema.version {
            let statement = try connection.prepare(StoreSchema.app)
            let found = try statement.step() ? statement.string(0) : nil
            statement.reset()
            guard let found else { throw StoreError(.unreadable, path: path, detail: "its app name is missing") }
            guard found == app else { throw StoreError(.otherApp(found: found), path: path, detail: "this navd serves '\(app)'") }
        }
        // The database is navd's alone (the lock above): SQLite keeps its own locks from the
        // first write to the end instead of taking them at every transaction, and the WAL index
        // lives in memory, not in a -shm file.
        try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        let mode = try connection.prepare("PRAGMA journal_mode = WAL")
        let journal = try mode.step() ? mode.string(0) : nil
        mode.reset()
        guard journal?.lowercased() == "wal" else {
            throw StoreError(.failed, path: path, detail: "cannot use WAL mode (journal mode \(journal ?? "unknown"))")
        }
        try connection.execute("PRAGMA synchronous = \(sync.pragma)")
        if version == 0 {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(StoreError) {
                try connection.execute(StoreSchema.create)
                let insertApp = try connection.prepare(StoreSchema.insertApp)
                try insertApp.bind(app, at: 1)
                try insertApp.run()
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
        self.lock = lock
        self.connection = connection
        begin = try connection.prepare("BEGIN IMMEDIATE")
        end = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        insertRevision = try connection.prepare(StoreSchema.insertRevision)
        saveState = try connection.prepare(StoreSchema.saveState)
        prune = try connection.prepare(StoreSchema.prune)
    }

    /// The state of the last commit, with the newest `historyLimit` entries, oldest first;
    /// `nil` for a database never committed to. A row that does not decode makes the
    /// database `.unreadable`.
    public func load() throws(StoreError) -> StoredState? {
        try checkOpen()
        let stateStatement = try connection.prepare(StoreSchema.loadState)
        guard try stateStatement.step() else { return nil }
        let revision = stateStatement.int(0)
        let stateBytes = stateStatement.bytes(1)
        stateStatement.reset()
        let rows = try connection.prepare(StoreSchema.loadRevisions)
        try rows.bind(revision - historyLimit, at: 1)
        var entries: [HistoryEntry] = []
        while try rows.step() {
            let revision = rows.int(0)
            do {
                entries.append(try StoredJSON.entry(
                    revision: revision, at: rows.int(1), cause: rows.bytes(2), events: rows.bytes(3), tree: rows.bytes(4)))
            } catch {
                rows.reset()
                throw StoreError(.unreadable, path: path, detail: "revision \(revision) does not decode: \(error)")
            }
        }
        guard let last = entries.last, last.revision == revision else {
            throw StoreError(.unreadable, path: path, detail: "the saved revision \(revision) has no history entry")
        }
        // The current tree is decoded (and checked) now; the older ones when a client asks.
        do {
            return StoredState(snapshot: try StoredJSON.snapshot(state: stateBytes, tree: try last.tree), entries: entries)
        } catch {
            throw StoreError(.unreadable, path: path, detail: "its saved state does not decode: \(error)")
        }
    }

    /// Saves `entries` (in revision order, the last one of `state`'s revision) and `state` in one
    /// transaction, and prunes the
    /// revisions beyond the limit: all of it is on disk when this returns, or none of it.
    public func commit(_ entries: [HistoryEntry], state: NavigatorSnapshot) throws(StoreError) {
        try checkOpen()
        try begin.run()
        do throws(StoreError) {
            for entry in entries {
                let parts = StoredJSON.parts(of: entry)
                try insertRevision.bind(entry.revision, at: 1)
                try insertRevision.bind(entry.at, at: 2)
                try insertRevision.bind(parts.cause, at: 3)
                try insertRevision.bind(parts.events, at: 4)
                try insertRevision.bind(parts.tree, at: 5)
                try insertRevision.run()
            }
            try saveState.bind(state.revision, at: 1)
            try saveState.bind(StoredJSON.state(of: state), at: 2)
            try saveState.run()
            if state.revision > historyLimit {
                try prune.bind(state.revision - historyLimit, at: 1)
                try prune.run()
            }
            try end.run()
        } catch {
            try? rollback.run()
            throw error
        }
    }

    /// Closes the database and lets another navd open it (the process ending does it too).
    public func close() {
        connection.close()
        lock?.release()
        lock = nil
    }

    private func checkOpen() throws(StoreError) {
        guard connection.isOpen else { throw StoreError(.failed, path: path, detail: "the database was closed") }
    }
}
