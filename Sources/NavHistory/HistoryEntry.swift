public import NavJSON
public import NavigationCore
/// One committed revision as the history keeps it: when (milliseconds since the Unix epoch,
/// from the server's clock), why, its events, and the tree it made current.
///
/// An entry the server makes holds its events (their JSON, when the server wrote it for
/// subscribers or the store) and how to undo its change of the tree (`undo`); its tree is
/// rebuilt by the `History` from a newer one when it is asked for, and only some entries
/// keep the tree itself (`KeptTrees`; the navigator's, shared copy-on-write). An entry restored from disk holds the JSON of its events as it was written,
/// and a way to rebuild its tree's JSON from what the store kept (`rebuildingTree`); it
/// decodes them when they are asked for: a restart reads ten thousand entries, and only the
/// ones `nav.history` or `nav.goto` reaches are ever decoded.
public struct HistoryEntry: Sendable {
    public let revision: Int
    public let at: Int
    /// Everything else, in one shared box: the history holds ten thousand entries, moves
    /// each one in and drops each one, and a box is one word to move and one object to free.
    private let contents: Contents

    public var cause: HistoryCause { contents.cause }

    /// The cause's JSON (`HistoryCause.writeJSON`), written where the entry keeps it.
    public func writeCauseJSON(into out: inout JSONBuffer) {
        contents.cause.writeJSON(into: &out)
    }
    private var storedEvents: Stored<[NavEvent]> { contents.events }
    /// `nil` when the history rebuilds it.
    private var storedTree: Stored<NavigationTree>? { contents.tree }
    /// How to make the tree before this revision out of this revision's; `nil` for an entry
    /// that keeps its tree and whose previous entry does too (revision 1, a restored entry, a
    /// migration).
    public var undo: TreeUndo? { contents.undo }

    /// A value, or the JSON its `encodedJSON` wrote, or a way to make that JSON when it is
    /// asked for (a restored tree: `init(revision:at:cause:encodedEvents:rebuildingTree:)`).
    private enum Stored<Value: Sendable>: Sendable {
        case value(Value)
        case encoded([UInt8])
        case encodedOnDemand(@Sendable () -> [UInt8])

        /// The JSON; `nil` for a value.
        var bytes: [UInt8]? {
            switch self {
            case .value: return nil
            case .encoded(let bytes): return bytes
            case .encodedOnDemand(let make): return make()
            }
        }
    }

    private final class Contents: Sendable {
        let cause: HistoryCause
        let events: Stored<[NavEvent]>
        let tree: Stored<NavigationTree>?
        let undo: TreeUndo?

        init(cause: HistoryCause, events: Stored<[NavEvent]>, tree: Stored<NavigationTree>?, undo: TreeUndo?) {
            self.cause = cause
            self.events = events
            self.tree = tree
            self.undo = undo
        }
    }

    public init(revision: Int, at: Int, cause: HistoryCause, events: [NavEvent], tree: NavigationTree) {
        self.revision = revision
        self.at = at
        contents = Contents(cause: cause, events: .value(events), tree: .value(tree), undo: nil)
    }

    /// A revision the navigator just made, with the undo of its change (`Navigator.lastUndo`)
    /// and, when `keeping` is given, its tree. `encodedEvents`, when the server has written
    /// the events already (for subscribers or the store), are kept instead of the events.
    public init(
        revision: Int, at: Int, cause: HistoryCause, events: [NavEvent], encodedEvents: [UInt8]? = nil, undo: TreeUndo,
        keeping tree: NavigationTree?
    ) {
        self.revision = revision
        self.at = at
        contents = Contents(
            cause: cause, events: encodedEvents.map { .encoded($0) } ?? .value(events), tree: tree.map { .value($0) }, undo: undo)
    }

    /// An entry read back from its stored form: `events` are the bytes of `encodedEvents`, and
    /// `rebuildingTree` makes the tree's JSON when it is asked for (a store keeps each
    /// revision's tree as the bytes that differ from the one before, and ten thousand whole
    /// copies of a large tree would not fit in memory). Both are decoded when first asked for
    /// (a damaged one throws then).
    public init(
        revision: Int, at: Int, cause: HistoryCause, encodedEvents: [UInt8], rebuildingTree: @escaping @Sendable () -> [UInt8]
    ) {
        self.revision = revision
        self.at = at
        contents = Contents(cause: cause, events: .encoded(encodedEvents), tree: .encodedOnDemand(rebuildingTree), undo: nil)
    }

    private init(_ entry: HistoryEntry, tree: Stored<NavigationTree>) {
        revision = entry.revision
        at = entry.at
        contents = Contents(cause: entry.cause, events: entry.storedEvents, tree: tree, undo: entry.undo)
    }

    /// This entry keeping `tree`, which the history rebuilt for it.
    func keeping(_ tree: NavigationTree) -> HistoryEntry {
        HistoryEntry(self, tree: .value(tree))
    }

    /// This entry keeping the JSON of the tree the history rebuilt for it.
    func keeping(encodedTree: [UInt8]) -> HistoryEntry {
        HistoryEntry(self, tree: .encoded(encodedTree))
    }

    /// Whether the entry holds its tree (else the history rebuilds it).
    public var keepsTree: Bool { storedTree != nil }

    /// The revision's events.
    public var events: [NavEvent] {
        get throws(TreeDecodingError) {
            if case .value(let events) = storedEvents { return events }
            return try Self.decodeEvents(storedEvents.bytes!, revision: revision)
        }
    }

    /// The tree the revision made current; `nil` when the entry does not keep it (ask the
    /// history: `History.tree(of:current:)`).
    public var tree: NavigationTree? {
        get throws(TreeDecodingError) {
            guard let storedTree else { return nil }
            if case .value(let tree) = storedTree { return tree }
            return try NavigationTree(json: Self.parse(storedTree.bytes!, what: "tree", revision: revision))
        }
    }

    /// The events as a JSON array, written by the engine's direct writer (or as they were read).
    public var encodedEvents: [UInt8] {
        if case .value(let events) = storedEvents { return events.encodedJSON }
        return storedEvents.bytes!
    }

    /// The tree's JSON (`NavigationTree.jsonValue`'s bytes); `nil` when the entry does not
    /// keep its tree.
    public var encodedTree: [UInt8]? {
        guard let storedTree else { return nil }
        if case .value(let tree) = storedTree { return tree.encodedJSON }
        return storedTree.bytes
    }

    /// `{revision, at, cause, events, root?}` as `nav.history` answers it: `root` only when
    /// `includingTree`, of an entry that keeps its tree (see `History.entriesKeepingTrees`).
    /// Each part is written by the engine's direct writer, or is the JSON a restored entry
    /// holds, checked and copied. Throws for a restored entry whose stored JSON does not read
    /// back, having written part of the entry: write into a buffer of the answer's own.
    public func writeJSON(into out: inout JSONBuffer, includingTree: Bool) throws(TreeDecodingError) {
        out.append(#"{"revision":"#)
        JSONWriter.writeInt(revision, into: &out)
        out.append(#","at":"#)
        JSONWriter.writeInt(at, into: &out)
        out.append(#","cause":"#)
        cause.writeJSON(into: &out)
        out.append(#","events":"#)
        if case .value(let events) = storedEvents {
            events.writeJSON(into: &out)
        } else {
            out.append(try Self.checked(storedEvents.bytes!, what: "events", revision: revision))
        }
        if includingTree {
            guard let storedTree else {
                preconditionFailure("navd: the tree of a history entry was asked for where the history did not rebuild it")
            }
            out.append(#","root":"#)
            if case .value(let tree) = storedTree {
                tree.writeJSON(into: &out)
            } else {
                out.append(try Self.checked(storedTree.bytes!, what: "tree", revision: revision))
            }
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `writeJSON(into:includingTree: true)` read back; the tree is required.
    public init(json: JSONValue) throws(TreeDecodingError) {
        guard let revision = json["revision"]?.intValue, revision >= 1 else {
            throw TreeDecodingError(message: "invalid history entry: 'revision' must be an integer of at least 1")
        }
        guard let at = json["at"]?.intValue else { throw TreeDecodingError(message: "invalid history entry \(revision): 'at' must be an integer") }
        guard let cause = json["cause"] else { throw TreeDecodingError(message: "invalid history entry \(revision): 'cause' is missing") }
        guard let events = json["events"] else {
            throw TreeDecodingError(message: "invalid history entry \(revision): 'events' must be an array")
        }
        guard let root = json["root"] else { throw TreeDecodingError(message: "invalid history entry \(revision): 'root' is missing") }
        self.init(
            revision: revision, at: at, cause: try HistoryCause(stored: JSONWriter.bytes(cause)), events: try Self.decodeEvents(events, revision: revision),
            tree: try NavigationTree(json: root))
    }

    /// Deep enough for any tree the engine's limits allow.
    private static let maxDepth = 4096

    /// Stored JSON that reads back as one JSON value, as it is.
    private static func checked(_ bytes: [UInt8], what: String, revision: Int) throws(TreeDecodingError) -> [UInt8] {
        let problem = bytes.withUnsafeBufferPointer { buffer -> JSONParser.Error? in
            var scanner = JSONScanner(buffer, maxDepth: maxDepth)
            do throws(JSONParser.Error) {
                try scanner.skipValue(depth: 0)
                try scanner.end()
                return nil
            } catch {
                return error
            }
        }
        if let problem {
            throw TreeDecodingError(message: "history entry \(revision): the stored JSON of its \(what) is invalid (\(problem))")
        }
        return bytes
    }

    private static func parse(_ bytes: [UInt8], what: String, revision: Int) throws(TreeDecodingError) -> JSONValue {
        do {
            return try JSONParser.parse(bytes, maxDepth: maxDepth)
        } catch {
            throw TreeDecodingError(message: "history entry \(revision): the stored JSON of its \(what) is invalid (\(error))")
        }
    }

    private static func decodeEvents(_ bytes: [UInt8], revision: Int) throws(TreeDecodingError) -> [NavEvent] {
        try decodeEvents(parse(bytes, what: "events", revision: revision), revision: revision)
    }

    private static func decodeEvents(_ json: JSONValue, revision: Int) throws(TreeDecodingError) -> [NavEvent] {
        guard case .array(let values) = json else {
            throw TreeDecodingError(message: "invalid history entry \(revision): 'events' must be an array")
        }
        var events: [NavEvent] = []
        events.reserveCapacity(values.count)
        for value in values { events.append(try NavEvent(json: value)) }
        return events
    }
}

/// Two entries are equal when they say the same: a restored entry equals the one that was
/// committed (its events and tree compare by their JSON, which the engine writes one way).
extension HistoryEntry: Hashable {
    public static func == (lhs: HistoryEntry, rhs: HistoryEntry) -> Bool {
        lhs.revision == rhs.revision && lhs.at == rhs.at && lhs.cause == rhs.cause
            && lhs.encodedEvents == rhs.encodedEvents && lhs.encodedTree == rhs.encodedTree
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(revision)
        hasher.combine(at)
        hasher.combine(cause)
    }
}
