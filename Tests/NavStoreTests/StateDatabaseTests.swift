import CSQLite
import Glibc
import NavJSON
import NavigationCore
import NavHistory
import Testing
@testable import NavStore

/// The SQLite store: what was committed comes back, the history is a ring of its limit, one
/// opener per database, and a file navd cannot use is refused untouched with a message that
/// says what to do.
@Suite struct StateDatabaseTests {
    @Test func aNewDatabaseLoadsNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let database = try StateDatabase(path: directory.database, app: "sample")
        #expect(try database.load() == nil)
        #expect(database.upgradedFrom == nil)
        // Private: only navd's user reads the state.
        var info = stat()
        #expect(stat(directory.database, &info) == 0 && info.st_mode & 0o777 == 0o600)
        database.close()
        // Pages of 2 KB, fixed when the file is made.
        let file = try SQLiteConnection(path: directory.database)
        #expect(try file.integer("PRAGMA page_size") == StateDatabase.pageSize)
    }

    @Test func whatWasCommittedLoadsBackAfterReopening() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample", sync: .full)
            try database.commit([recorder.entries[0]], state: recorder.navigator)
            for user in 1...3 { try recorder.route(userId: user) }
            // Several revisions in one commit, as one loop iteration makes them.
            try database.commit(Array(recorder.entries[1...]), state: recorder.navigator)
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

    /// A row's parameters are bound afresh for each row, not cleared after it: a column a row
    /// has no value for is NULL, whatever the row before it held there. Commits of one row
    /// and of two alternate (only the newest row of a commit holds the id counters), and
    /// keyframes follow deltas (a keyframe has no `prefix` or `suffix`).
    @Test func aColumnARowHasNoValueForIsNullWhateverTheRowBeforeHeld() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        // A history of 3: a keyframe every 3 revisions (1, 4, 7, 10), and 6 slots.
        let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        for user in 1...6 {
            try recorder.route(userId: user)
            if user.isMultiple(of: 3) {
                try database.commit([recorder.entries.last!], state: recorder.navigator)
            } else {
                try recorder.route(userId: user + 100)
                try database.commit(Array(recorder.entries.suffix(2)), state: recorder.navigator)
            }
        }
        database.close()
        // Revisions 6 to 11: commits ended at 3, 5, 6, 8, 10 and 11; keyframes are 7 and 10.
        let connection = try SQLiteConnection(path: directory.database)
        defer { connection.close() }
        func revisions(where condition: String) throws -> String? {
            let statement = try connection.prepare(
                "SELECT group_concat(revision) FROM (SELECT revision FROM revisions WHERE \(condition) ORDER BY revision)")
            defer { statement.reset() }
            return try statement.step() ? statement.string(0) : nil
        }
        #expect(try connection.integer("SELECT min(revision) FROM revisions") == 6)
        #expect(try revisions(where: "nextFlow IS NOT NULL AND nextScreen IS NOT NULL") == "6,8,10,11")
        #expect(try revisions(where: "nextFlow IS NULL AND nextScreen IS NULL") == "7,9")
        #expect(try revisions(where: "prefix IS NULL AND suffix IS NULL") == "7,10")
        #expect(try revisions(where: "prefix IS NOT NULL AND suffix IS NOT NULL") == "6,8,9,11")
    }

    @Test func revisionsBeyondTheLimitReplaceTheOldestInARing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            // A history of 3: a keyframe every 3 revisions (1, 4, 7, …), and 6 slots.
            let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
            try database.commit([recorder.entries[0]], state: recorder.navigator)
            for user in 1...9 {
                try recorder.route(userId: user)
                try database.commit([recorder.entries.last!], state: recorder.navigator)
                let loaded = try #require(try database.load())
                #expect(loaded.entries == Array(recorder.entries.suffix(3)))
                #expect(loaded.snapshot == recorder.navigator.snapshot)
            }
            database.close()
        }
        // Revision r is in slot r % 6: revisions 5 to 10, of which 5 and 6 are the end of the
        // run of keyframe 4, replaced by revision 10. A load starts at keyframe 7.
        let connection = try SQLiteConnection(path: directory.database)
        #expect(try connection.integer("SELECT count(*) FROM revisions") == 6)
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE slot = revision % 6") == 6)
        #expect(try connection.integer("SELECT min(revision) FROM revisions") == 5)
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE prefix IS NULL") == 2)
        connection.close()
        let reopened = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
        defer { reopened.close() }
        #expect(try reopened.load()?.entries == Array(recorder.entries.suffix(3)))
    }

    @Test func aLargerHistoryGrowsTheRingAndASmallerOneKeepsIt() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
            try database.commit([recorder.entries[0]], state: recorder.navigator)
            try recorder.route(users: 1...9, committingEachTo: database)
            database.close()
        }
        do {
            // 20 + 20 slots: the 6 rows move to their new slots, and the history grows from them.
            let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 20)
            #expect(database.slots == 40)
            #expect(try database.load()?.entries == Array(recorder.entries[6...]))
            try recorder.route(users: 10...30, committingEachTo: database)
            #expect(try database.load()?.entries == Array(recorder.entries.suffix(20)))
            database.close()
        }
        do {
            let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 5)
            #expect(database.slots == 40)
            #expect(try database.load()?.entries == Array(recorder.entries.suffix(5)))
            database.close()
        }
        let connection = try SQLiteConnection(path: directory.database)
        #expect(try connection.integer("SELECT value FROM meta WHERE key = 'slots'") == 40)
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE slot = revision % 40") == 27)
    }

    @Test func aVersion2DatabaseIsMigratedIntoARingAndLoadsBack() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        for user in 1...9 { try recorder.route(userId: user) }
        do {
            // The layout navd wrote before the ring: rows in revision order, the oldest deleted.
            // Revisions 4 to 10, from the keyframe of revision 4 (a keyframe every 3).
            let old = try SQLiteConnection(path: directory.database)
            try old.execute("""
                PRAGMA page_size = 2048;
                PRAGMA journal_mode = WAL;
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE revisions (revision INTEGER PRIMARY KEY, at INTEGER NOT NULL, cause TEXT NOT NULL,
                    events TEXT NOT NULL, tree BLOB NOT NULL, prefix INTEGER, suffix INTEGER, state TEXT);
                INSERT INTO meta (key, value) VALUES ('schema', '2'), ('app', 'sample');
                PRAGMA user_version = 2;
                """)
            let insert = try old.prepare("INSERT INTO revisions VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)")
            var chain = TreeChain(interval: 3, minimumRun: 3)
            for entry in recorder.entries {
                let row = chain.write(revision: entry.revision, tree: entry.encodedTree!)
                guard entry.revision >= 4 else { continue }
                try insert.bindRevisionColumns(of: entry, tree: row)
                if entry.revision == 10 { try insert.bind(JSONBuffer.encode { recorder.navigator.writeOldSchemaStateJSON(into: &$0) }, at: 8) }
                try insert.run()
                insert.clearBindings()
            }
        }
        try recorder.expectUpgrade(of: directory.database, from: 2, historyLimit: 3, kept: 3, nextUser: 10)
        // The newest 6 of the 7 rows moved, each to its slot; revision 11 replaced revision 5.
        let connection = try Self.expectRing(at: directory.database, slots: 6, rows: 6)
        #expect(try connection.integer("SELECT min(revision) FROM revisions") == 6)
    }

    /// Checks that the file at `path` is of the current schema, with `rows` rows each in its
    /// slot of a ring of `slots`; returns the connection for more checks.
    private static func expectRing(at path: String, slots: Int, rows: Int) throws -> SQLiteConnection {
        let connection = try SQLiteConnection(path: path)
        #expect(try connection.integer("PRAGMA user_version") == StoreSchema.version)
        #expect(try connection.integer("SELECT value FROM meta WHERE key = 'schema'") == StoreSchema.version)
        #expect(try connection.integer("SELECT value FROM meta WHERE key = 'slots'") == slots)
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE slot = revision % \(slots)") == rows)
        #expect(try connection.integer("SELECT count(*) FROM revisions") == rows)
        return connection
    }

    @Test func aRingWithoutAWholeTreeIsUnreadable() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
            try database.commit([recorder.entries[0]], state: recorder.navigator)
            try recorder.route(userId: 1)
            try database.commit([recorder.entries.last!], state: recorder.navigator)
            database.close()
        }
        do {
            let damage = try SQLiteConnection(path: directory.database)
            try damage.execute("DELETE FROM revisions WHERE prefix IS NULL")
        }
        let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
        defer { database.close() }
        let error = #expect(throws: StoreError.self) { try database.load() }
        #expect(error?.kind == .unreadable)
        #expect(error?.description.contains("none of its 1 revisions holds a whole tree") == true)
    }

    @Test func aLongHistoryIsStoredAsDeltasAndReadsBackWhole() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        let database = try StateDatabase(path: directory.database, app: "sample", historyLimit: 100)
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        var committed = 1
        for round in 1...60 {
            // A route then a close, in commits of one to three revisions.
            try recorder.route(userId: round)
            try recorder.close()
            if round % 3 != 0 { try recorder.toggleSignedIn() }
            try database.commit(Array(recorder.entries[committed...]), state: recorder.navigator)
            committed = recorder.entries.count
        }
        database.close()
        do {
            let reopened = try StateDatabase(path: directory.database, app: "sample", historyLimit: 100)
            let loaded = try #require(try reopened.load())
            #expect(loaded.snapshot == recorder.navigator.snapshot)
            #expect(loaded.entries.map(\.revision) == Array(recorder.entries.suffix(100)).map(\.revision))
            for entry in loaded.entries where entry != recorder.entries[entry.revision - 1] {
                Issue.record("revision \(entry.revision) reads back as \(String(decoding: entry.encodedTree ?? [], as: UTF8.self)), not \(String(decoding: recorder.entries[entry.revision - 1].encodedTree ?? [], as: UTF8.self))")
                break
            }
            // Going on after the restart: a delta against the restored tree.
            try recorder.route(userId: 99)
            try reopened.commit([recorder.entries.last!], state: recorder.navigator)
            #expect(try reopened.load()?.entries.last == recorder.entries.last)
            reopened.close()
        }
        let connection = try SQLiteConnection(path: directory.database)
        let rows = try connection.integer("SELECT count(*) FROM revisions")
        #expect(rows == min(recorder.entries.count, 100 + min(100, StateDatabase.keyframeInterval)))
        // A whole tree per 64 revisions at most (the deltas of this small tree add up to more
        // than a tree soon after); the rest are deltas, far smaller than a tree.
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE prefix IS NULL") <= 3)
        #expect(try connection.integer("SELECT max(length(tree)) FROM revisions WHERE prefix IS NOT NULL")
            < connection.integer("SELECT min(length(tree)) FROM revisions WHERE prefix IS NULL") / 2)
        // A revision that changes only the session stores an empty delta, not a NULL.
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE prefix IS NOT NULL AND length(tree) = 0") > 0)
        // The id counters are written once per commit, in its newest row; the instance and
        // the session are in meta.
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE nextScreen IS NOT NULL") < rows)
        #expect(try connection.integer("SELECT count(*) FROM meta WHERE key IN ('instance', 'session')") == 2)
    }

    @Test func aDeltaWithoutItsTreeMakesTheDatabaseUnreadable() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        do {
            let database = try StateDatabase(path: directory.database, app: "sample")
            try database.commit([recorder.entries[0]], state: recorder.navigator)
            try recorder.route(userId: 1)
            try database.commit([recorder.entries[1]], state: recorder.navigator)
            database.close()
        }
        do {
            let damage = try SQLiteConnection(path: directory.database)
            try damage.execute("UPDATE revisions SET prefix = 1000000 WHERE revision = 2")
        }
        let database = try StateDatabase(path: directory.database, app: "sample")
        defer { database.close() }
        let error = #expect(throws: StoreError.self) { try database.load() }
        #expect(error?.kind == .unreadable)
        #expect(error?.detail == "revision 2's tree is stored against a tree that is not there")
    }

    @Test func aVersion1DatabaseIsMigratedAndLoadsBack() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        try recorder.route(userId: 1)
        try recorder.route(userId: 2)
        do {
            // The layout navd wrote before trees were stored as deltas.
            let old = try SQLiteConnection(path: directory.database)
            try old.execute("""
                PRAGMA journal_mode = WAL;
                CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                CREATE TABLE revisions (revision INTEGER PRIMARY KEY, at INTEGER NOT NULL, cause TEXT NOT NULL,
                    events TEXT NOT NULL, tree TEXT NOT NULL);
                CREATE TABLE state (id INTEGER PRIMARY KEY CHECK (id = 1), revision INTEGER NOT NULL, snapshot TEXT NOT NULL);
                INSERT INTO meta (key, value) VALUES ('schema', '1'), ('app', 'sample');
                PRAGMA user_version = 1;
                """)
            let insert = try old.prepare("INSERT INTO revisions VALUES (?1, ?2, ?3, ?4, ?5)")
            for entry in recorder.entries {
                // Schema 1 kept every revision's whole tree.
                try insert.bindRevisionColumns(of: entry, tree: .full(entry.encodedTree!))
                try insert.run()
            }
            let state = try old.prepare("INSERT INTO state VALUES (1, ?1, ?2)")
            try state.bind(recorder.navigator.revision, at: 1)
            try state.bind(JSONBuffer.encode { recorder.navigator.writeOldSchemaStateJSON(into: &$0) }, at: 2)
            try state.run()
        }
        try recorder.expectUpgrade(of: directory.database, from: 1, historyLimit: History.defaultLimit, nextUser: 3)
        // Upgraded once: the next opener finds the current schema.
        do {
            let database = try StateDatabase(path: directory.database, app: "sample")
            #expect(database.upgradedFrom == nil)
            database.close()
        }
        let connection = try Self.expectRing(at: directory.database, slots: History.defaultLimit + StateDatabase.keyframeInterval, rows: 4)
        #expect(try connection.integer("SELECT count(*) FROM sqlite_master WHERE name = 'state'") == 0)
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
            try connection.execute("PRAGMA user_version = 5")
        }
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample") }
        #expect(error?.kind == .newerSchema(found: 5, supported: 4))
        #expect(error?.description.hasPrefix("\(directory.database) was written by a newer navd (schema 5, this navd knows up to 4)") == true)
    }

    @Test func anotherAppsDatabaseIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        try recorder.route(userId: 9)
        do {
            let database = try StateDatabase(path: directory.database, app: "shop")
            try database.commit(recorder.entries, state: recorder.navigator)
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
            try database.commit([recorder.entries[0]], state: recorder.navigator)
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
        #expect(throws: StoreError.self) { try database.commit([recorder.entries[1]], state: recorder.navigator) }
        let loaded = try #require(try database.load())
        #expect(loaded.snapshot == saved)
        #expect(loaded.entries.map(\.revision) == [1])
        database.close()
        // Once the disk takes writes again, the same revision commits whole: the failed row
        // left nothing behind (the row's columns are bound where navd wrote them).
        do {
            let repair = try SQLiteConnection(path: directory.database)
            try repair.execute("DROP TRIGGER refuse")
        }
        let retried = try StateDatabase(path: directory.database, app: "sample")
        defer { retried.close() }
        _ = try retried.load()
        try retried.commit([recorder.entries[1]], state: recorder.navigator)
        let after = try #require(try retried.load())
        #expect(after.snapshot == recorder.navigator.snapshot)
        #expect(after.entries == recorder.entries)
    }

    /// navd's VFS: a commit's frames reach the log in one write, and its sync reaches the disk
    /// with `--sync full` only; a checkpoint's syncs reach it either way. This also checks the
    /// flags SQLite syncs with, which the VFS tells commits and checkpoints apart by.
    @Test(arguments: [SyncMode.normal, .full])
    func aCommitWritesTheLogOnce(sync: SyncMode) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        for userId in 1...4 { try recorder.route(userId: userId) }
        let database = try StateDatabase(path: directory.database, app: "sample", sync: sync)
        defer { database.close() }
        #expect(try database.load() == nil)
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        let before = try #require(database.connection.logCounts)
        for index in 1...4 {
            try database.commit([recorder.entries[index]], state: recorder.navigator)
        }
        let after = try #require(database.connection.logCounts)
        #expect(after.writes - before.writes == 4)
        #expect(after.diskSyncs - before.diskSyncs == (sync == .full ? 4 : 0))
        try database.connection.execute("PRAGMA wal_checkpoint(FULL)")
        let checkpointed = try #require(database.connection.logCounts)
        #expect(checkpointed.diskSyncs > after.diskSyncs)
        #expect(try database.load()?.entries == recorder.entries)
    }

    /// A commit checkpoints by itself only once the log reaches `checkpoints.forced` pages
    /// (SQLite's own rule is 1,000); from `checkpoints.quiet` pages `wantsCheckpoint` asks the
    /// owner to do it when nothing waits, and `checkpoint()` does: each checkpoint syncs to
    /// the disk, a commit into a log that has frames does not (`--sync normal`).
    @Test func theLogIsCheckpointedAtItsLimitOrWhenAsked() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        for userId in 1...40 { try recorder.route(userId: userId) }
        let checkpoints = StateDatabase.Checkpoints(quiet: 3, forced: 8)
        let database = try StateDatabase(path: directory.database, app: "sample", checkpoints: checkpoints)
        defer { database.close() }
        #expect(try database.load() == nil)
        var forced = 0
        for entry in recorder.entries {
            let pages = database.logPages
            let syncs = try #require(database.connection.logCounts).diskSyncs
            try database.commit([entry], state: recorder.navigator)
            let checkpointed = try #require(database.connection.logCounts).diskSyncs > syncs
            #expect(database.logPages < checkpoints.forced)
            #expect(database.wantsCheckpoint == (database.logPages >= checkpoints.quiet))
            if database.logPages < pages {
                #expect(database.logPages == 0 && checkpointed)
                forced += 1
            } else if pages > 0 {
                // (The first commit into an empty log writes its header anew, and syncs it.)
                #expect(!checkpointed)
            }
        }
        #expect(forced >= 3)
        var userId = 40
        while database.logPages == 0 {
            userId += 1
            try recorder.route(userId: userId)
            try database.commit([recorder.entries.last!], state: recorder.navigator)
        }
        let syncs = try #require(database.connection.logCounts).diskSyncs
        try database.checkpoint()
        #expect(database.logPages == 0 && !database.wantsCheckpoint)
        #expect(try #require(database.connection.logCounts).diskSyncs > syncs)
        #expect(try database.load()?.entries == recorder.entries)
    }

    /// With `--sync normal` the log is written out to the disk in the background a megabyte at
    /// a time, so that the checkpoint's sync finds little left to write; with `--sync full`
    /// every commit syncs it, and nothing is started.
    @Test(arguments: [SyncMode.normal, .full])
    func theLogIsWrittenOutAheadOfItsCheckpoint(sync: SyncMode) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        let database = try StateDatabase(
            path: directory.database, app: "sample", sync: sync, checkpoints: StateDatabase.Checkpoints(quiet: 10_000, forced: 10_000))
        defer { database.close() }
        #expect(try database.load() == nil)
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        for userId in 1...200 {
            try recorder.route(userId: userId)
            try database.commit([recorder.entries[recorder.entries.count - 1]], state: recorder.navigator)
            try recorder.close()
            try database.commit([recorder.entries[recorder.entries.count - 1]], state: recorder.navigator)
        }
        let counts = try #require(database.connection.logCounts)
        // The log's bytes: its header, then a 24-byte header and a page per frame.
        let megabytes = (32 + database.logPages * (24 + StateDatabase.pageSize)) / (1024 * 1024)
        if sync == .normal {
            #expect(megabytes >= 1)
            #expect((1...megabytes).contains(counts.writebacks))
        } else {
            #expect(counts.writebacks == 0)
        }
        #expect(try database.load()?.entries == recorder.entries)
    }

    /// A commit whose frames cannot be written (a full disk) throws and leaves the last commit
    /// as it was, for the same connection and on disk; the revision commits whole once the disk
    /// takes writes again.
    @Test func aFailedLogWriteChangesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        let database = try StateDatabase(path: directory.database, app: "sample")
        #expect(try database.load() == nil)
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        let saved = recorder.navigator.snapshot
        try recorder.route(userId: 1)
        #expect(database.connection.failNextLogWrite())
        let error = #expect(throws: StoreError.self) { try database.commit([recorder.entries[1]], state: recorder.navigator) }
        // It says what happened and names the file, not the SQL statement that failed.
        #expect(error?.kind == .diskFull)
        #expect(error?.description == "\(directory.database): the disk is full (writing: database or disk is full): free space on its file system, or start navd with --ephemeral")
        #expect(try database.load()?.snapshot == saved)
        database.close()
        do {
            let reopened = try StateDatabase(path: directory.database, app: "sample")
            defer { reopened.close() }
            let loaded = try #require(try reopened.load())
            #expect(loaded.snapshot == saved)
            #expect(loaded.entries.map(\.revision) == [1])
            try reopened.commit([recorder.entries[1]], state: recorder.navigator)
        }
        let retried = try StateDatabase(path: directory.database, app: "sample")
        defer { retried.close() }
        let after = try #require(try retried.load())
        #expect(after.snapshot == recorder.navigator.snapshot)
        #expect(after.entries == recorder.entries)
    }
}
