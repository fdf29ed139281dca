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

    static func parts(of entry: HistoryEntry) -> (cause: [UInt8], events: [UInt8], tree: [UInt8]) {
        (bytes(entry.cause.jsonValue), bytes(.array(entry.events.map(\.jsonValue))), bytes(entry.tree.jsonValue))
    }

    static func entry(revision: Int, at: Int, cause: [UInt8], events: [UInt8], tree: [UInt8]) throws -> HistoryEntry {
        let object: JSONObject = [
            "revision": .int(revision), "at": .int(at), "cause": try parse(cause),
            "events": try parse(events), "root": try parse(tree),
        ]
        return try HistoryEntry(json: .object(object))
    }
}
