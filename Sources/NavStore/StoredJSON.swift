import NavJSON
import NavigationCore
import NavHistory

/// The JSON of the database's columns: an entry kept as its cause, events and tree (the shapes
/// `nav.history` answers with) and the state's session, read back through the engine's own
/// decoders.
enum StoredJSON {
    /// Deep enough for any tree the engine's limits allow.
    static let maxDepth = 4096

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser.parse(bytes, maxDepth: maxDepth)
    }

    /// An entry read back: its cause now, its events and tree when they are asked for (the
    /// history holds the events' bytes as they are stored, and `tree` makes the tree's).
    static func entry(
        revision: Int, at: Int, cause: [UInt8], events: [UInt8], tree: @escaping @Sendable () -> [UInt8]
    ) throws -> HistoryEntry {
        HistoryEntry(revision: revision, at: at, cause: try HistoryCause(stored: cause), encodedEvents: events, rebuildingTree: tree)
    }

    /// The state to restore: the newest row's revision, id counters and tree, with the
    /// instance and the session's JSON that `meta` keeps, read through the snapshot's one
    /// reader (which checks them).
    static func snapshot(instance: String, revision: Int, ids: SequentialIDs, session: [UInt8], tree: NavigationTree) throws -> NavigatorSnapshot {
        let state: JSONObject = [
            "instance": .string(instance), "revision": .int(revision),
            "ids": ["nextFlow": .int(ids.nextFlow), "nextScreen": .int(ids.nextScreen)],
            "session": try parse(session), "root": tree.jsonValue,
        ]
        return try NavigatorSnapshot(json: .object(state))
    }
}
