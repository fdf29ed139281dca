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

    /// The state row: the navigator's snapshot without its tree, which is the tree of the
    /// snapshot's revision, committed in the same transaction (not written twice per commit):
    /// `{instance, revision, ids: {nextFlow, nextScreen}, session}`, read back by `snapshot`.
    static func writeState(of navigator: borrowing Navigator, into out: inout JSONBuffer) {
        let ids = navigator.idCounters
        out.append(#"{"instance":"#)
        JSONWriter.writeString(navigator.instance, into: &out)
        out.append(#","revision":"#)
        out.append(decimal: navigator.revision)
        out.append(#","ids":{"nextFlow":"#)
        out.append(decimal: ids.nextFlow)
        out.append(#","nextScreen":"#)
        out.append(decimal: ids.nextScreen)
        out.append(#"},"session":"#)
        navigator.session.writeJSON(into: &out)
        out.append(UInt8(ascii: "}"))
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
