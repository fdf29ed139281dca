import CSQLite
import Glibc
import NavJSON
import NavigationCore
import Testing
@testable import NavStore

/// The SQLite store: what was committed comes back, the history is pruned at its limit, one
/// opener per database, and a file navd cannot use is refused untouched with a message that
/// says what to do.
@Suite struct StateDatabaseTests {
    @Test func aNewDatabaseLoadsNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try StateDatabase(path: directory.database, app: "sample")
        #expect(try database.load() == nil)
        // Private: only navd's user reads the state.
        var info = stat()
        #expect(stat(directory.database, &info) == 0 && info.st_mode & 0o777 == 0o600)
        database.close()
    }

    @Test func whatWasCommittedLoadsBackAfterReopening() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample", sync: .full)
            try database.commit([recorder.entries[0]], state: recorder.navigator.snapshot)
            for user in 1...3 { try recorder.route(userId: user) }
            // Several revisions in one commit, as one loop iteration makes them.
            try database.commit(Array(recorder.entries[1...]), state: recorder.navigator.snapshot)
            database.close()
        }
        let reopened = try StateDatabase(path: directory.database, app: "sample")
        defer { reopened.close() }
        let loaded = try #require(try reopened.load())
        #expect(loaded.snapshot == recorder.navigator.snapshot)
        #expect(loaded.entries == recorder.entries)
        #expect(loaded.entries.map(\.revision) == [1, 2, 3, 4])
        // The restored navigator goes on with the same ids: none is handed out twice.
        let restored = try Navigator(restoring: loaded.snapshot, definition: .sample)
        #expect(restored.tree == recorder.navigator.tree && restored.revision == 4 && restored.instance == "0000abcd")
    }

    @Test func revisionsBeyondTheLimitArePruned() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
            try database.commit([recorder.entries[0]], state: recorder.navigator.snapshot)
            for user in 1...6 {
                try recorder.route(userId: user)
                try database.commit([recorder.entries.last!], state: recorder.navigator.snapshot)
            }
            let loaded = try #require(try database.load())
            #expect(loaded.entries.map(\.revision) == [5, 6, 7])
            #expect(loaded.entries == Array(recorder.entries.suffix(3)))
            database.close()
        }
        // Pruned on disk, not only when loading: the rows are gone.
        let connection = try SQLiteConnection(path: directory.database)
        #expect(try connection.integer("SELECT count(*) FROM revisions") == 3)
        #expect(try connection.integer("SELECT min(revision) FROM revisions") == 5)
    }

    @Test func aSecondOpenerIsToldWhoHoldsTheDatabase() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let first = try StateDatabase(path: directory.database, app: "sample")
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample") }
        #expect(error?.kind == .locked(pid: getpid()))
        #expect(error?.description == "\(directory.database) is in use by navd pid \(getpid()): one navd per database (stop it, or give this one another --state-dir)")
        first.close()
        // Released: the next one gets in.
        let second = try StateDatabase(path: directory.database, app: "sample")
        second.close()
    }

    @Test func aFileThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let garbage = Array("this is not a database, it is a note\n".utf8) + [UInt8](repeating: 0x5a, count: 2000)
        directory.write(garbage, to: directory.database)
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample") }
        #expect(error?.kind == .unreadable)
        #expect(error?.description == "\(directory.database) cannot be read as navd's state (file is not a database): start navd with --ephemeral, or move the file aside to start fresh (navd never deletes it)")
        #expect(directory.read(directory.database) == garbage)
    }

    @Test func anotherProgramsSQLiteDatabaseIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        do {
            let other = try SQLiteConnection(path: directory.database)
            try other.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
        }
        let before = directory.read(directory.database)
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample") }
        #expect(error?.kind == .unreadable)
        #expect(error?.detail == "an SQLite database, but not navd's")
        #expect(directory.read(directory.database) == before)
    }

    @Test func aNewerSchemaIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        do {
            do {
                let database = try StateDatabase(path: directory.database, app: "sample")
                database.close()
            }
            let connection = try SQLiteConnection(path: directory.database)
            try connection.execute("PRAGMA user_version = 2")
        }
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample") }
        #expect(error?.kind == .newerSchema(found: 2, supported: 1))
        #expect(error?.description.hasPrefix("\(directory.database) was written by a newer navd (schema 2, this navd knows up to 1)") == true)
    }

    @Test func anotherAppsDatabaseIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        try recorder.route(userId: 9)
        do {
            let database = try StateDatabase(path: directory.database, app: "shop")
            try database.commit(recorder.entries, state: recorder.navigator.snapshot)
            database.close()
        }
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample") }
        #expect(error?.kind == .otherApp(found: "shop"))
        #expect(error?.description == "\(directory.database) holds the state of app 'shop', not this one (this navd serves 'sample'): start navd with --ephemeral, or move the file aside to start fresh (navd never deletes it)")
        // Still the shop's, whole.
        let shop = try StateDatabase(path: directory.database, app: "shop")
        #expect(try shop.load()?.snapshot == recorder.navigator.snapshot)
        shop.close()
    }

    @Test func aFailedCommitChangesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample")
            try database.commit([recorder.entries[0]], state: recorder.navigator.snapshot)
            database.close()
        }
        let saved = recorder.navigator.snapshot
        try recorder.route(userId: 1)
        // A write that fails inside the transaction (a trigger stands in for a full disk):
        // the commit throws and leaves the last committed state as it was.
        do {
            let sabotage = try SQLiteConnection(path: directory.database)
            try sabotage.execute("CREATE TRIGGER refuse BEFORE INSERT ON revisions WHEN NEW.revision = 2 BEGIN SELECT RAISE(ABORT, 'disk says no'); END")
        }
        let database = try StateDatabase(path: directory.database, app: "sample")
        #expect(throws: StoreError.self) { try database.commit([recorder.entries[1]], state: recorder.navigator.snapshot) }
        let loaded = try #require(try database.load())
        #expect(loaded.snapshot == saved)
        #expect(loaded.entries.map(\.revision) == [1])
        database.close()
    }
}
