import NavJSON
import NavigationCore
import NavHistory

/// The JSON of the database's columns: an entry kept as its cause, events and tree (the shapes
/// `nav.history` answers with), read back through the engine's own decoders.
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
