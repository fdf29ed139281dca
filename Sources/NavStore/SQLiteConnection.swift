internal import CSQLite

/// One open SQLite database: the handle, statements run once, and SQLite's errors as
/// `StoreError`s naming the file. Closed when released.
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?

    /// Opens (creating if missing) the file read-write. Opening reads nothing: a file that is
    /// not SQLite is found out by the first statement.
    init(path: String) throws(StoreError) {
        _ = Self.configured
        self.path = path
        var opened: OpaquePointer?
        let status = sqlite3_open_v2(path, &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
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
    /// statistics (with them, every allocation SQLite makes takes a global mutex).
    private static let configured: Void = {
        _ = navd_sqlite3_disable_memory_statistics()
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

    /// The error for a failed call: a file that is not a database, or is damaged, is
    /// `unreadable` (navd cannot use it, and leaves it alone); anything else `failed`.
    func error(_ status: Int32, doing what: String) -> StoreError {
        switch status & 0xff {
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            StoreError(.unreadable, path: path, detail: message)
        default:
            StoreError(.failed, path: path, detail: "\(what): \(message)")
        }
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(StoreError) {
        let status = sqlite3_exec(handle, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw error(status, doing: sql) }
    }

    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw error(status, doing: "preparing \(sql)") }
        return SQLiteStatement(statement, connection: self)
    }

    /// The one integer a statement such as `PRAGMA user_version` returns.
    func integer(_ sql: String) throws(StoreError) -> Int {
        let statement = try prepare(sql)
        guard try statement.step() else { throw StoreError(.failed, path: path, detail: "\(sql) returned no row") }
        return statement.int(0)
    }
}
