internal import CSQLite

/// A prepared statement, kept and reused: bind, step, read columns, reset. It keeps its
/// connection alive; used after the connection was closed, it is a programming error.
final class SQLiteStatement {
    private let statement: OpaquePointer
    private let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit {
        if connection.isOpen { sqlite3_finalize(statement) }
    }

    func bind(_ value: Int, at index: Int32) throws(StoreError) {
        let status = sqlite3_bind_int64(statement, index, Int64(value))
        guard status == SQLITE_OK else { throw connection.error(status, doing: "binding") }
    }

    func bindNull(at index: Int32) throws(StoreError) {
        let status = sqlite3_bind_null(statement, index)
        guard status == SQLITE_OK else { throw connection.error(status, doing: "binding") }
    }

    /// UTF-8 bytes (JSON) as text; SQLite copies them.
    func bind(_ bytes: [UInt8], at index: Int32) throws(StoreError) {
        let length = try Self.length(bytes.count, connection)
        let status = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: max(buffer.count, 1)) {
                navd_sqlite3_bind_text_copy(statement, index, $0, length)
            }
        }
        guard status == SQLITE_OK else { throw connection.error(status, doing: "binding") }
    }

    /// UTF-8 bytes (JSON) as text that SQLite reads where they are, without a copy: they must
    /// stay valid and unchanged until the statement has run, and it must not run again before
    /// they are bound again or `clearBindings()` forgot them.
    func bind(borrowedText bytes: UnsafeRawBufferPointer, at index: Int32) throws(StoreError) {
        let text = bytes.isEmpty ? Self.empty : bytes.baseAddress!
        let length = try Self.length(bytes.count, connection)
        let status = navd_sqlite3_bind_text_borrowed(statement, index, text.assumingMemoryBound(to: CChar.self), length)
        guard status == SQLITE_OK else { throw connection.error(status, doing: "binding") }
    }

    /// Bytes as a blob read where they are (an empty one too, not NULL), as `bind(borrowedText:at:)`.
    func bind(borrowedBlob bytes: UnsafeRawBufferPointer, at index: Int32) throws(StoreError) {
        let blob = bytes.isEmpty ? Self.empty : bytes.baseAddress!
        let length = try Self.length(bytes.count, connection)
        let status = navd_sqlite3_bind_blob_borrowed(statement, index, blob, length)
        guard status == SQLITE_OK else { throw connection.error(status, doing: "binding") }
    }

    /// A value's length as SQLite takes it (an `Int32`): a larger one is an error, not a trap.
    private static func length(_ count: Int, _ connection: SQLiteConnection) throws(StoreError) -> Int32 {
        guard let length = Int32(exactly: count) else {
            throw StoreError(.failed, path: connection.path, detail: "writing: a value of \(count) bytes, more than SQLite takes")
        }
        return length
    }

    /// Where empty borrowed bytes point (SQLite binds a null pointer as NULL): a constant of
    /// the program, valid for as long as it runs.
    private static var empty: UnsafeRawPointer {
        let nothing: StaticString = ""
        return UnsafeRawPointer(nothing.utf8Start)
    }

    /// Sets every parameter back to NULL, forgetting borrowed bytes.
    func clearBindings() { sqlite3_clear_bindings(statement) }

    func bind(_ text: String, at index: Int32) throws(StoreError) {
        try bind(Array(text.utf8), at: index)
    }

    /// One step: `true` with a row to read, `false` when done. The statement is reset when done
    /// or failed, ready for its next use.
    @discardableResult
    func step() throws(StoreError) -> Bool {
        let status = sqlite3_step(statement)
        switch status {
        case SQLITE_ROW: return true
        case SQLITE_DONE:
            sqlite3_reset(statement)
            return false
        default:
            sqlite3_reset(statement)
            // A statement that reads outside a transaction was reading; anything else (a write,
            // or the COMMIT of a transaction that wrote) was writing.
            let reading = sqlite3_stmt_readonly(statement) != 0 && sqlite3_get_autocommit(connection.handle) != 0
            throw connection.error(status, doing: reading ? "reading" : "writing")
        }
    }

    /// Steps through the rest of a statement and resets it.
    func run() throws(StoreError) {
        while try step() {}
    }

    /// Resets a statement whose rows were not all read.
    func reset() { sqlite3_reset(statement) }

    func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }

    /// A text or blob column's bytes (empty for NULL).
    func bytes(_ column: Int32) -> [UInt8] {
        guard let bytes = sqlite3_column_blob(statement, column) else { return [] }
        let count = Int(sqlite3_column_bytes(statement, column))
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }

    func string(_ column: Int32) -> String? {
        guard !isNull(column) else { return nil }
        return String(decoding: bytes(column), as: UTF8.self)
    }
}
