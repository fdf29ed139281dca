import Glibc
import Testing
@testable import NavStore

/// What navd refuses before it writes anything: a log whose header is damaged (SQLite would
/// take it for an empty log, start the database afresh and overwrite it), and a state
/// directory another user could write to.
@Suite struct DamagedFilesTests {
    /// The database and its log as a `kill -9` leaves them: copied while the database is
    /// open, before closing checkpoints the log and deletes it. Nothing was checkpointed, so
    /// the main file holds no state, only the log does.
    func killedDatabase(in directory: TemporaryDirectory) throws -> String {
        var recorder = Recorder()
        let database = try StateDatabase(path: directory.database, app: "sample")
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        try recorder.route(users: 1...3, committingEachTo: database)
        let copy = directory.path + "/other.sqlite"
        directory.write(directory.read(directory.database), to: copy)
        directory.write(directory.read(directory.database + "-wal"), to: copy + "-wal")
        database.close()
        return copy
    }

    @Test func aLogWhoseHeaderIsDamagedIsRefusedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        defer {
            for suffix in ["-wal", ".lock"] { unlink(directory.path + "/other.sqlite" + suffix) }
            directory.remove()
        }
        let copy = try killedDatabase(in: directory)
        let main = directory.read(copy)
        var log = directory.read(copy + "-wal")
        // Undamaged, the copy restores revision 4 from its log alone (closing it checkpoints
        // the log and deletes it: the files are put back after).
        do {
            let intact = try StateDatabase(path: copy, app: "sample")
            #expect(try intact.load()?.snapshot.revision == 4)
            intact.close()
        }
        #expect(log.count > WALHeader.size)
        log[17] ^= 0xff  // a salt: the header's checksum no longer matches
        directory.write(main, to: copy)
        directory.write(log, to: copy + "-wal")
        let again = copy
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: again, app: "sample") }
        #expect(error?.kind == .unreadable)
        #expect(error?.description == "\(again) cannot be read as navd's state (damaged: its log \(again)-wal has a header whose checksum does not match): start navd with --ephemeral, or move the file aside to start fresh (navd never deletes it)")
        #expect(directory.read(again + "-wal") == log)
        #expect(directory.read(again) == main)
    }

    @Test(arguments: [0o777, 0o770, 0o1777])
    func aStateDirectoryOthersCanWriteIsRefused(mode: Int) {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        chmod(directory.path, mode_t(mode))
        let error = #expect(throws: StoreError.self) { try StateDirectory.create(directory.path) }
        #expect(error?.description == "refusing state directory \(directory.path): others can write to it (mode \(String(mode, radix: 8))); keep navd's state in a directory only its user can write (chmod 700 it, or give another --state-dir)")
        chmod(directory.path, 0o700)
        #expect(throws: Never.self) { try StateDirectory.create(directory.path) }
    }

    /// The numbers of a row are whatever the file holds: a revision or a delta's length at
    /// either end of Int64 made the arithmetic that checks them trap (the process died with
    /// SIGILL instead of refusing the file).
    @Test(arguments: [
        "UPDATE revisions SET prefix = 9223372036854775807 WHERE revision = 3",
        "UPDATE revisions SET suffix = 9223372036854775807, prefix = 1 WHERE revision = 3",
        """
        UPDATE revisions SET prefix = NULL, suffix = NULL;
        UPDATE revisions SET revision = -9223372036854775808 WHERE revision = 1;
        UPDATE revisions SET revision = 9223372036854775807 WHERE revision = 4
        """,
    ])
    func extremeNumbersInARowMakeTheDatabaseUnreadable(damage: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample")
            try database.commit([recorder.entries[0]], state: recorder.navigator)
            try recorder.route(users: 1...3, committingEachTo: database)
            database.close()
        }
        do {
            let connection = try SQLiteConnection(path: directory.database)
            try connection.execute(damage)
        }
        let database = try StateDatabase(path: directory.database, app: "sample")
        defer { database.close() }
        let error = #expect(throws: StoreError.self) { try database.load() }
        #expect(error?.kind == .unreadable)
    }
}
