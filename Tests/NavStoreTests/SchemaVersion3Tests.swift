import NavJSON
import NavigationCore
import NavHistory
import Testing
@testable import NavStore

/// Version 3 kept the state but its tree as JSON in the newest row of every commit (`state`,
/// 130 bytes a commit for the sample app); version 4 keeps the id counters in that row and the
/// instance and session in `meta`. A version-3 file upgrades in place, and restores exactly
/// what it held; one whose state does not decode is refused untouched.
@Suite struct SchemaVersion3Tests {
    /// A version-3 database as navd wrote it: a ring of 6 slots (a history of 3) holding
    /// revisions 5 to 10, the state (with `signedIn` set, so that the session is not the boot
    /// one) in the newest row, `state` given for it instead when not nil.
    private static func writeVersion3(at path: String, recorder: Recorder, state: [UInt8]? = nil) throws {
        let old = try SQLiteConnection(path: path)
        try old.execute("""
            PRAGMA page_size = 2048;
            PRAGMA journal_mode = WAL;
            CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
            CREATE TABLE revisions (slot INTEGER PRIMARY KEY, revision INTEGER NOT NULL, at INTEGER NOT NULL, cause TEXT NOT NULL,
                events TEXT NOT NULL, tree BLOB NOT NULL, prefix INTEGER, suffix INTEGER, state TEXT);
            INSERT INTO meta (key, value) VALUES ('schema', '3'), ('app', 'sample'), ('slots', '6'), ('opens', '1');
            PRAGMA user_version = 3;
            """)
        let insert = try old.prepare("""
            INSERT OR REPLACE INTO revisions (slot, revision, at, cause, events, tree, prefix, suffix, state)
                VALUES (?9, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
            """)
        var chain = TreeChain(interval: 3, minimumRun: 3)
        let newest = recorder.entries.count
        for entry in recorder.entries {
            let row = chain.write(revision: entry.revision, tree: entry.encodedTree!)
            try insert.bindRevisionColumns(of: entry, tree: row)
            if entry.revision == newest {
                try insert.bind(state ?? JSONBuffer.encode { recorder.navigator.writeOldSchemaStateJSON(into: &$0) }, at: 8)
            }
            try insert.bind(entry.revision % 6, at: 9)
            try insert.run()
            insert.clearBindings()
        }
    }

    private static func recorded() throws -> Recorder {
        var recorder = Recorder()
        for user in 1...7 { try recorder.route(userId: user) }
        try recorder.toggleSignedIn()
        try recorder.route(userId: 8)
        return recorder
    }

    @Test func aVersion3DatabaseUpgradesAndRestoresWhatItHeld() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = try Self.recorded()
        #expect(recorder.navigator.session.jsonValue["flags"]?["signedIn"] == true)
        try Self.writeVersion3(at: directory.database, recorder: recorder)
        try recorder.expectUpgrade(of: directory.database, from: 3, historyLimit: 3, kept: 3, nextUser: 9)
        let reopened = try StateDatabase(path: directory.database, app: "sample", historyLimit: 3)
        #expect(reopened.upgradedFrom == nil)
        let loaded = try #require(try reopened.load())
        #expect(loaded.snapshot == recorder.navigator.snapshot)
        #expect(loaded.entries == Array(recorder.entries.suffix(3)))
        reopened.close()
        let connection = try SQLiteConnection(path: directory.database)
        #expect(try connection.integer("PRAGMA user_version") == StoreSchema.version)
        #expect(try connection.integer("SELECT count(*) FROM pragma_table_info('revisions') WHERE name = 'state'") == 0)
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE slot = revision % 6") == 6)
        // The counters are in the newest row only; the instance and session once, in meta.
        #expect(try connection.integer("SELECT count(*) FROM revisions WHERE nextScreen IS NOT NULL") == 2)
        #expect(try connection.integer("SELECT nextScreen FROM revisions WHERE revision = 11") == recorder.navigator.idCounters.nextScreen)
        #expect(try connection.integer("SELECT count(*) FROM meta WHERE key = 'instance' AND value = '0000abcd'") == 1)
        #expect(try connection.integer("SELECT count(*) FROM meta WHERE key = 'session' AND value LIKE '%\"signedIn\":true%'") == 1)
    }

    @Test(arguments: [#"{"instance":"0000abcd""#, #"{"instance":"0000abcd","revision":10}"#])
    func aVersion3DatabaseWhoseStateDoesNotDecodeIsRefusedUntouched(state: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try Self.writeVersion3(at: directory.database, recorder: try Self.recorded(), state: Array(state.utf8))
        let before = directory.read(directory.database)
        let error = #expect(throws: StoreError.self) { try StateDatabase(path: directory.database, app: "sample", historyLimit: 3) }
        #expect(error?.kind == .unreadable)
        #expect(error?.detail.hasPrefix("its saved state") == true)
        #expect(directory.read(directory.database) == before)
        let connection = try SQLiteConnection(path: directory.database)
        #expect(try connection.integer("PRAGMA user_version") == 3)
    }
}
