import NavJSON
import NavigationCore

/// The JSON of the database's columns: an entry kept as its cause, events and tree (the shapes
/// `nav.history` answers with), read back through the engine's own decoders.
enum StoredJSON {
    /// Deep enough for any tree the engine's limits allow.
    static let maxDepth = 4096

    static func bytes(_ value: JSONValue) -> [UInt8] {
        JSONWriter.bytes(value)
    }

    static func parse(_ bytes: [UInt8]) throws -> JSONValue {
        try JSONParser.parse(bytes, maxDepth: maxDepth)
    }

    /// An entry read back: its cause now, its events and tree when they are asked for (the
    /// history holds their bytes as they are stored).
    static func entry(revision: Int, at: Int, cause: [UInt8], events: [UInt8], tree: [UInt8]) throws -> HistoryEntry {
        HistoryEntry(revision: revision, at: at, cause: try HistoryCause(json: try parse(cause)), encodedEvents: events, encodedTree: tree)
    }

    /// The state row: the snapshot without its tree, which is the tree of the snapshot's
    /// revision, committed in the same transaction (not written twice per commit).
    static func state(of snapshot: NavigatorSnapshot) -> [UInt8] {
        bytes(["instance": .string(snapshot.instance), "revision": .int(snapshot.revision),
               "ids": ["nextFlow": .int(snapshot.ids.nextFlow), "nextScreen": .int(snapshot.ids.nextScreen)],
               "session": snapshot.session])
    }

    struct NotAnObject: Error, CustomStringConvertible {
        var description: String { "the state is not a JSON object" }
    }

    /// The state row read back, with the tree of its revision's entry.
    static func snapshot(state: [UInt8], tree: NavigationTree) throws -> NavigatorSnapshot {
        guard case .object(var object) = try parse(state) else { throw NotAnObject() }
        object["root"] = tree.jsonValue
        return try NavigatorSnapshot(json: .object(object))
    }
}
