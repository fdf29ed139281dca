internal import CSQLite
internal import CSQLiteWAL
import Glibc

/// One open SQLite database: the handle, statements run once, and SQLite's errors as
/// `StoreError`s naming the file. Closed when released.
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens (creating if missing) the file read-write, through the default VFS or, with
    /// `sync`, navd's (`navd_wal_vfs.h`), which writes the log once per commit and decides
    /// whether a commit's sync reaches the disk. Opening reads nothing: a file that is not
    /// SQLite is found out by the first statement.
    init(path: String, sync: SyncMode? = nil) throws(StoreError) {
        self.path = path
        guard Self.configured == SQLITE_OK else {
            throw StoreError(.failed, path: path, detail: "cannot set SQLite up (navd's VFS: error \(Self.configured))")
        }
        var opened: OpaquePointer?
        let vfs = sync.flatMap { navd_wal_vfs_name($0 == .full ? 1 : 0) }
        let status = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, vfs)
        handle = opened
        guard status == SQLITE_OK else {
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(opened)
            handle = nil
            throw StoreError(.failed, path: path, detail: "cannot open: \(message)")
        }
        sqlite3_extended_result_codes(opened, 1)
    }

    /// SQLite's process-wide settings, made once before the first connection opens: no memory
    /// statistics (with them, every allocation SQLite makes takes a global mutex), and navd's
    /// VFS registered. `SQLITE_OK`, or the error of the registration.
    private static let configured: Int32 = {
        _ = navd_sqlite3_disable_memory_statistics()
        return navd_wal_vfs_register()
    }()

    deinit { close() }

    var isOpen: Bool { handle != nil }

    /// Finalizes every statement still prepared on it and closes the database, releasing its
    /// locks; the statements' own deinit then does nothing.
    func close() {
        guard let handle else { return }
        while let statement = sqlite3_next_stmt(handle, nil) { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// The last error of this connection, as SQLite words it.
    var message: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    /// The error for a failed call, in words a user can act on, naming no SQL: a file that is
    /// not a database or is damaged is `unreadable` (navd cannot use it, and leaves it alone),
    /// one navd cannot write `readOnly`, a full disk `diskFull` (by SQLite's result code or the
    /// errno behind it); anything else `failed`. `what` says what navd was doing ("writing").
    func error(_ status: Int32, doing what: String) -> StoreError {
        let errno = handle.map { sqlite3_system_errno($0) } ?? 0
        let cause = errno == 0 ? message : "\(message): \(String(cString: strerror(errno)))"
        switch status & 0xff {
        case SQLITE_NOTADB:
            return StoreError(.unreadable, path: path, detail: message)
        case SQLITE_CORRUPT:
            return StoreError(.unreadable, path: path, detail: "damaged: \(message)")
        case SQLITE_READONLY:
            return StoreError(.readOnly, path: path, detail: "\(what): \(cause)")
        case SQLITE_FULL:
            return StoreError(.diskFull, path: path, detail: "\(what): \(cause)")
        default:
            return StoreError(StoreError.kind(ofErrno: errno) ?? .failed, path: path, detail: "\(what): \(cause)")
        }
    }

    /// Runs statements that return no rows; `what` names them in an error.
    func execute(_ sql: String, doing what: String = "setting the database up") throws(StoreError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, doing: what) }
    }

    /// Whether SQLite opened the file read-only (it does so without a word when the file is
    /// write-protected, and every write then fails).
    var isReadOnly: Bool { handle.map { sqlite3_db_readonly($0, "main") == 1 } ?? false }

    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status, doing: "reading") }
        return SQLiteStatement(statement, connection: self)
    }

    /// Pages the log holds after the last commit (one frame each), as SQLite reports them once
    /// `checkpointLog(atPages:)` has taken over its checkpoints; 0 after a checkpoint.
    private(set) var logPages = 0
    private var forcedCheckpointPages = Int.max

    /// Takes over SQLite's automatic checkpoint (at 1,000 pages of log, inside the commit that
    /// reaches them): a commit that leaves `pages` or more in the log checkpoints before it
    /// returns, and `logPages` tells the owner how far the log has grown, so that it can
    /// checkpoint earlier, when nothing waits for it (`checkpoint()`). A failed checkpoint
    /// inside a commit is ignored, as SQLite's own is: the commit is in the log either way.
    func checkpointLog(atPages pages: Int) {
        precondition(pages >= 1, "a checkpoint needs a page of log at least")
        forcedCheckpointPages = pages
        sqlite3_wal_hook(handle, { context, _, _, pages in
            guard let context else { return SQLITE_OK }
            let connection = Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue()
            connection.logPages = Int(pages)
            if connection.logPages >= connection.forcedCheckpointPages { try? connection.checkpoint() }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Copies the log's pages into the database and syncs both (a passive checkpoint, which
    /// with no reader, as here, copies them all); the next commit writes the log from its start.
    func checkpoint() throws(StoreError) {
        let status = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
        guard status == SQLITE_OK else { throw error(status, doing: "checkpointing the log") }
        logPages = 0
    }

    /// For tests: what navd's VFS did to the log since the log was opened, its writes to the
    /// file, its syncs that went on to the disk and the writings out it started in the
    /// background; `nil` when the log is not open through it.
    var logCounts: (writes: Int, diskSyncs: Int, writebacks: Int)? {
        var writes: Int64 = 0
        var diskSyncs: Int64 = 0
        var writebacks: Int64 = 0
        guard navd_wal_vfs_log_counts(handle, &writes, &diskSyncs, &writebacks) == SQLITE_OK else { return nil }
        return (Int(writes), Int(diskSyncs), Int(writebacks))
    }

    /// For tests: the log's next write fails, as on a full disk. `false` when the log is not
    /// open through navd's VFS.
    func failNextLogWrite() -> Bool {
        navd_wal_vfs_fail_next_write(handle) == SQLITE_OK
    }

    /// The one integer a statement such as `PRAGMA user_version` returns.
    func integer(_ sql: String) throws(StoreError) -> Int {
        let statement = try prepare(sql)
        guard try statement.step() else { throw StoreError(.unreadable, path: path, detail: "a setting it must have is missing") }
        return statement.int(0)
    }
}
