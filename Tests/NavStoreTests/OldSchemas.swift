import NavHistory
import NavJSON
import NavigationCore
import Testing
@testable import NavStore

extension Navigator {
    /// The state column of a schema-3 (or older) store, `{instance, revision, ids, session}`:
    /// what the upgrade tests write into the old databases they make. navd itself only reads
    /// that column now (`StateDatabase+Upgrade.swift`).
    func writeOldSchemaStateJSON(into out: inout JSONBuffer) {
        NavigatorSnapshot.writeJSON(
            instance: instance, revision: revision, ids: idCounters, session: { session.writeJSON(into: &$0) }, root: nil, into: &out)
    }
}

extension Recorder {
    /// Opens the database a test wrote in schema `version` for this recorder and checks what
    /// every upgrade must do: it says it upgraded from `version`, loads back the navigator's
    /// state and the newest `kept` entries (all of them when `nil`), and takes one more
    /// revision (a route to `nextUser`) against the upgraded rows, which loads back too.
    mutating func expectUpgrade(of path: String, from version: Int, historyLimit: Int, kept: Int? = nil, nextUser: Int) throws {
        let database = try StateDatabase(path: path, app: "sample", historyLimit: historyLimit)
        defer { database.close() }
        #expect(database.upgradedFrom == version)
        let loaded = try #require(try database.load())
        #expect(loaded.snapshot == navigator.snapshot)
        #expect(loaded.entries == Array(entries.suffix(kept ?? entries.count)))
        try route(userId: nextUser)
        try database.commit([entries.last!], state: navigator)
        #expect(try database.load()?.entries == Array(entries.suffix(kept ?? entries.count)))
    }
}

extension SQLiteStatement {
    /// Binds the first columns of a revision's row as every schema has had them: revision, at,
    /// the cause, the events, and the tree a `TreeChain` wrote for the entry (whole, or from
    /// schema 2 on a delta's middle, prefix and suffix).
    func bindRevisionColumns(of entry: HistoryEntry, tree row: TreeChain.Row) throws {
        try bind(entry.revision, at: 1)
        try bind(entry.at, at: 2)
        try bind(JSONBuffer.encode { entry.writeCauseJSON(into: &$0) }, at: 3)
        try bind(entry.encodedEvents, at: 4)
        switch row {
        case .full(let tree): try bind(tree, at: 5)
        case .delta(let delta):
            try bind(Array(delta.middle), at: 5)
            try bind(delta.prefix, at: 6)
            try bind(delta.suffix, at: 7)
        }
    }
}
