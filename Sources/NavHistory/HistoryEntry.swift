public import NavJSON
public import NavigationCore
/// One committed revision as the history hands it out: when (milliseconds since the Unix
/// epoch, from the server's clock), why, its events, and the tree it made current.
///
/// The cause and the events are one record of bytes (`HistoryRecord`): the cause's JSON as
/// the server wrote it when the revision committed, then the events' JSON as the answer,
/// `nav.changed` and the store copy it. The history keeps them in its ring of bytes and copies
/// them into an entry it hands out (`History`); an entry given to the history (a restored one,
/// navd's own revisions) is copied into the ring. The cause (`HistoryCause`) and the events
/// are read from those bytes when someone asks for them. An entry the navigator made holds how
/// to undo its change of the tree (`undo`); its tree is rebuilt by the `History` from a newer
/// one when it is asked for, and only some entries keep the tree itself (`KeptTrees`; the
/// navigator's, shared copy-on-write). An entry restored from disk holds its record as it was
/// stored, and a way to rebuild its tree's JSON from what the store kept (`rebuildingTree`);
/// its events and tree are decoded (and its events checked) only when asked for: a restart
/// reads ten thousand entries, and only the ones `nav.history` or `nav.goto` reaches are ever
/// decoded.
public struct HistoryEntry: Sendable {
    public let revision: Int
    public let at: Int
    let record: HistoryRecord
    /// How to make the tree before this revision out of this revision's; `nil` for an entry
    /// that keeps its tree and whose previous entry does too (revision 1, a restored entry, a
    /// migration).
    public let undo: TreeUndo?
    /// `nil` when the history rebuilds it.
    let storedTree: EntryTree?

    /// The cause, read from the entry's record.
    public var cause: HistoryCause {
        HistoryCause(bytes: record.bytes(record.causeRange), paramsRange: record.header.params)
    }

    /// The cause's JSON (`HistoryCause.writeJSON`), copied from the entry's record.
    public func writeCauseJSON(into out: inout JSONBuffer) {
        record.withBytes(record.causeRange) { out.append($0) }
    }

    /// The cause's JSON without its params, as `nav.changed` lists it
    /// (`HistoryCause.writeJSONWithoutParams`).
    public func writeCauseJSONWithoutParams(into out: inout JSONBuffer) {
        withRecord { $0.writeCauseJSONWithoutParams(into: &out) }
    }

    /// The entry's record lent to `body` where the entry holds it (not generic, as
    /// `History.withNewestRecord`).
    public func withRecord(_ body: (LentRecord) -> Void) {
        let header = record.header
        record.withBytes(0..<header.count) {
            body(LentRecord(revision: revision, bytes: $0, causeEnd: header.causeEnd, params: header.params))
        }
    }

    /// The events' JSON array, copied from the entry's record (as it was written, or read
    /// from a store: `writeJSON` checks the latter).
    public func writeEventsJSON(into out: inout JSONBuffer) {
        record.withBytes(record.eventsRange) { out.append($0) }
    }

    init(revision: Int, at: Int, record: HistoryRecord, undo: TreeUndo?, tree: EntryTree?) {
        self.revision = revision
        self.at = at
        self.record = record
        self.undo = undo
        storedTree = tree
    }

    /// An entry of `cause` whose events are the JSON array `encodedEvents`.
    private init(
        revision: Int, at: Int, cause: HistoryCause, encodedEvents: [UInt8], written: Bool, undo: TreeUndo?, tree: EntryTree?
    ) {
        let record = cause.bytes.withUnsafeBufferPointer { cause2 in
            encodedEvents.withUnsafeBufferPointer { events in
                HistoryRecord.make(cause: cause2, events: events, params: cause.paramsRange, written: written)
            }
        }
        self.init(revision: revision, at: at, record: record, undo: undo, tree: tree)
    }

    /// An entry keeping its tree (navd's own revisions: its start, a migration; tests): the
    /// events are written into its record.
    public init(revision: Int, at: Int, cause: HistoryCause, events: [NavEvent], tree: NavigationTree) {
        self.init(revision: revision, at: at, cause: cause, encodedEvents: events.encodedJSON, written: true, undo: nil, tree: .value(tree))
    }

    /// A revision the navigator made, of a cause written already (tests: the server writes
    /// its revisions' records straight into the history, `History.append(revision:at:method:…)`).
    public init(revision: Int, at: Int, cause: HistoryCause, events: [NavEvent], undo: TreeUndo, keeping tree: NavigationTree?) {
        self.init(
            revision: revision, at: at, cause: cause, encodedEvents: events.encodedJSON, written: true, undo: undo,
            tree: tree.map { .value($0) })
    }

    /// An entry read back from its stored form: `events` are the bytes of `encodedEvents`, and
    /// `rebuildingTree` makes the tree's JSON when it is asked for (a store keeps each
    /// revision's tree as the bytes that differ from the one before, and ten thousand whole
    /// copies of a large tree would not fit in memory). Both are decoded when first asked for
    /// (a damaged one throws then).
    public init(
        revision: Int, at: Int, cause: HistoryCause, encodedEvents: [UInt8], rebuildingTree: @escaping @Sendable () -> [UInt8]
    ) {
        self.init(
            revision: revision, at: at, cause: cause, encodedEvents: encodedEvents, written: false, undo: nil,
            tree: .encodedOnDemand(rebuildingTree))
    }

    /// Whether the entry holds its tree (else the history rebuilds it).
    public var keepsTree: Bool { storedTree != nil }

    /// The revision's events, decoded from its record.
    public var events: [NavEvent] {
        get throws(TreeDecodingError) {
            try Self.decodeEvents(encodedEvents, revision: revision)
        }
    }

    /// The tree the revision made current; `nil` when the entry does not keep it (ask the
    /// history: `History.tree(of:current:)`).
    public var tree: NavigationTree? {
        get throws(TreeDecodingError) {
            try storedTree?.tree(revision: revision)
        }
    }

    /// The events as a JSON array, copied from the entry's record.
    public var encodedEvents: [UInt8] {
        record.bytes(record.eventsRange)
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
    /// The cause and the events are copied from the entry's record (a restored entry's events
    /// checked first), the tree written by the engine's writer or copied as a restored entry
    /// holds it, checked. Throws for a restored entry whose stored JSON does not read
    /// back, having written part of the entry: write into a buffer of the answer's own.
    public func writeJSON(into out: inout JSONBuffer, includingTree: Bool) throws(TreeDecodingError) {
        out.append(#"{"revision":"#)
        JSONWriter.writeInt(revision, into: &out)
        out.append(#","at":"#)
        JSONWriter.writeInt(at, into: &out)
        out.append(#","cause":"#)
        writeCauseJSON(into: &out)
        out.append(#","events":"#)
        if !record.header.written {
            try record.withBytes(record.eventsRange) { (events) throws(TreeDecodingError) in
                try Self.check(events, what: "events", revision: revision)
            }
        }
        writeEventsJSON(into: &out)
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
        try bytes.withUnsafeBufferPointer { (buffer) throws(TreeDecodingError) in try check(buffer, what: what, revision: revision) }
        return bytes
    }

    /// Throws unless `bytes` read back as one JSON value.
    private static func check(_ bytes: UnsafeBufferPointer<UInt8>, what: String, revision: Int) throws(TreeDecodingError) {
        var scanner = JSONScanner(bytes, maxDepth: maxDepth)
        do throws(JSONParser.Error) {
            try scanner.skipValue(depth: 0)
            try scanner.end()
        } catch {
            throw TreeDecodingError(message: "history entry \(revision): the stored JSON of its \(what) is invalid (\(error))")
        }
    }

    static func parse(_ bytes: [UInt8], what: String, revision: Int) throws(TreeDecodingError) -> JSONValue {
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
        lhs.revision == rhs.revision && lhs.at == rhs.at && lhs.record.header.causeEnd == rhs.record.header.causeEnd
            && lhs.record.bytes(0..<lhs.record.header.count) == rhs.record.bytes(0..<rhs.record.header.count)
            && lhs.encodedTree == rhs.encodedTree
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(revision)
        hasher.combine(at)
        record.withBytes(record.causeRange) { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
