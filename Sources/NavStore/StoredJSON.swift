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

    /// An entry's columns, written by the engine's direct writers (the bytes of their
    /// `jsonValue`, without building it).
    static func parts(of entry: HistoryEntry) -> (cause: [UInt8], events: [UInt8], tree: [UInt8]) {
        (bytes(entry.cause.jsonValue), entry.events.encodedJSON, entry.tree.encodedJSON)
    }

    /// An entry read back. A tree whose bytes equal one read before (the tree before a route
    /// is the tree after the close that returns to it) is that tree, decoded once and shared:
    /// faster, and one copy in memory, as the navigator kept it.
    static func entry(
        revision: Int, at: Int, cause: [UInt8], events: [UInt8], tree: [UInt8], trees: inout TreeCache
    ) throws -> HistoryEntry {
        var decodedEvents: [NavEvent] = []
        guard case .array(let eventValues) = try parse(events) else { throw NotAnArray() }
        decodedEvents.reserveCapacity(eventValues.count)
        for value in eventValues { decodedEvents.append(try NavEvent(json: value)) }
        let decodedTree: NavigationTree
        let key = TreeCache.Key(bytes: tree)
        if let known = trees.trees[key] {
            decodedTree = known
        } else {
            decodedTree = try NavigationTree(json: try parse(tree))
            if trees.trees.count >= TreeCache.capacity { trees.trees.removeAll(keepingCapacity: true) }
            trees.trees[key] = decodedTree
        }
        return HistoryEntry(revision: revision, at: at, cause: try HistoryCause(json: try parse(cause)), events: decodedEvents, tree: decodedTree)
    }

    /// The trees read so far, by their bytes (at most `capacity`, then it starts again).
    struct TreeCache {
        static let capacity = 256
        var trees: [Key: NavigationTree] = [:]

        /// A tree's bytes, hashed in one call over the buffer (an array of bytes hashes
        /// byte by byte).
        struct Key: Hashable {
            let bytes: [UInt8]

            func hash(into hasher: inout Hasher) {
                bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            }
        }
    }

    struct NotAnArray: Error, CustomStringConvertible {
        var description: String { "a revision's events are not a JSON array" }
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
