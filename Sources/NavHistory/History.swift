public import NavJSON
public import NavigationCore
/// The last `limit` committed revisions, oldest first: a bounded log that drops the oldest
/// revision when a new one comes in full. Revisions are appended in increasing order, so a
/// revision is found by a binary search. Pure: the clock that stamps entries belongs to whoever
/// appends.
///
/// A revision is one record of bytes (its cause's JSON, then its events'), written once into a
/// ring of bytes the history owns (`RecordRing`), and one entry of the same size in an index
/// (`HistorySlot`: when, where its record lies and how it parts, the undo and the kept tree).
/// Once the history is full, keeping a revision and dropping the oldest allocate and free
/// nothing (the undo's own storage aside): the new record's bytes take the place the oldest
/// ones freed, its index entry the oldest's. A `HistoryEntry` handed out copies its record.
///
/// Most revisions keep the undo of their revision, not its tree: a revision's tree is rebuilt
/// from the nearest newer one that keeps one (or from the current tree, the newest
/// revision's) by undoing the revisions in between, at most `KeptTrees.maximumRun - 1` of them.
public struct History: Sendable {
    /// How many entries are kept (at least 1).
    public let limit: Int
    public static let defaultLimit = 10_000
    /// Every this many revisions an entry keeps its tree.
    public static let keptTreeInterval = 64

    /// The records' bytes.
    private var ring = RecordRing()
    /// One per kept revision, a ring of its own once `limit` are kept.
    private var slots: [HistorySlot] = []
    /// Where the oldest revision's slot is once `limit` are kept.
    private var head = 0

    public init(limit: Int = History.defaultLimit) {
        precondition(limit >= 1, "a history keeps at least one entry")
        self.limit = limit
    }

    public var count: Int { slots.count }
    public var isEmpty: Bool { slots.isEmpty }

    /// The entry at `index` from the oldest, its record copied.
    public subscript(index: Int) -> HistoryEntry {
        entry(at: index, tree: slots[place(index)].tree)
    }

    /// The oldest revision kept; `nil` when empty.
    public var oldest: Int? { slots.isEmpty ? nil : revision(at: 0) }
    /// The newest revision kept; `nil` when empty.
    public var latest: Int? { slots.isEmpty ? nil : revision(at: slots.count - 1) }

    /// Where in `slots` the entry at `index` from the oldest is.
    private func place(_ index: Int) -> Int {
        let slot = head + index
        return slot < slots.count ? slot : slot - slots.count
    }

    /// The revision of the entry at `index` from the oldest, read in place (this runs for every
    /// revision).
    private func revision(at index: Int) -> Int {
        slots[place(index)].revision
    }

    /// The undo of the entry at `index`, read in place.
    private func undo(at index: Int) -> TreeUndo? {
        slots[place(index)].undo
    }

    /// Whether the entry at `index` keeps its tree.
    private func keepsTree(_ index: Int) -> Bool {
        slots[place(index)].tree != nil
    }

    /// The entry at `index` from the oldest, keeping `tree`: its record copied out of the ring.
    private func entry(at index: Int, tree: EntryTree?) -> HistoryEntry {
        let slot = slots[place(index)]
        let record = ring.withBytes(at: slot.position, count: slot.count) {
            HistoryRecord.make($0, causeEnd: slot.causeEnd, params: slot.params, written: slot.written)
        }
        return HistoryEntry(revision: slot.revision, at: slot.at, record: record, undo: slot.undo, tree: tree)
    }

    /// Keeps `entry` as the newest (its record copied into the ring), dropping the oldest one
    /// if the history is full. Its revision must be newer than every one kept.
    public mutating func append(_ entry: HistoryEntry) {
        let header = entry.record.header
        let position = entry.record.withBytes(0..<header.count) { write(revision: entry.revision, UnsafeRawBufferPointer($0)) }
        keep(HistorySlot(
            revision: entry.revision, at: entry.at, position: position, count: header.count, causeEnd: header.causeEnd,
            params: header.params, written: header.written, undo: entry.undo, tree: entry.storedTree))
    }

    /// Keeps a revision the navigator just made, its record written once: the cause
    /// (`method`, the request's params as received, then `members`: `HistoryCause.clientMembers`
    /// and, for an `event.emit`, `eventMembers`), then `events`, into `out` (emptied first: a
    /// buffer the caller keeps for every revision), then copied into the ring. With the undo of
    /// its change (`Navigator.lastUndo`) and, when `keeping` is given, its tree. Its revision
    /// must be newer than every one kept; the oldest is dropped if the history is full.
    public mutating func append(
        revision: Int, at: Int, method: StaticString, encodedParams: UnsafeBufferPointer<UInt8>, members: [UInt8], events: [NavEvent],
        undo: consuming TreeUndo, keeping tree: consuming NavigationTree?, in out: inout JSONBuffer
    ) {
        out.removeAll()
        let params = HistoryCause.write(method: method, encodedParams: encodedParams, members: members, into: &out)
        let causeEnd = out.count
        events.writeJSON(into: &out)
        let position = out.withUnsafeBytes { write(revision: revision, $0) }
        keep(HistorySlot(
            revision: revision, at: at, position: position, count: out.count, causeEnd: causeEnd, params: params, written: true,
            undo: undo, tree: Self.kept(tree)))
    }

    /// A tree the history is given to keep, moved into its slot (`map` would copy it).
    private static func kept(_ tree: consuming NavigationTree?) -> EntryTree? {
        switch consume tree {
        case .some(let tree): return .value(tree)
        case .none: return nil
        }
    }

    /// The way in, first half: the record of `revision` copied into the ring, where the
    /// oldest one's bytes are freed when the history is full (its slot is replaced by `keep`);
    /// returns its position.
    private mutating func write(revision: Int, _ record: UnsafeRawBufferPointer) -> Int {
        precondition(slots.isEmpty || revision > self.revision(at: slots.count - 1), "navd: history entries must come in revision order")
        if slots.count == limit { ring.free(upTo: limit == 1 ? ring.end : slots[place(1)].position) }
        let (position, moved) = ring.write(record)
        if moved != 0 {
            for index in slots.indices { slots[index].position -= moved }
        }
        return position
    }

    /// The way in, second half: the slot of the record `write` placed, in the oldest's place
    /// when the history is full.
    private mutating func keep(_ slot: consuming HistorySlot) {
        if slots.count == limit {
            slots[head] = slot
            head = head + 1 == limit ? 0 : head + 1
        } else {
            slots.append(slot)
        }
    }

    /// The bytes the ring holds room for, and those its kept records span (a skipped end
    /// included): what bounds the history's memory.
    var byteCapacity: Int { ring.capacity }
    var bytesKept: Int { ring.end - ring.start }

    /// The newest entry's record lent to `body` where it lies in the ring, nothing copied
    /// out (the answer and `nav.changed` copy its events and cause from it). The history
    /// must not be empty. Not generic: the server calls it for every revision, and a generic
    /// function of another module runs unspecialized (about 250 instructions more).
    public func withNewestRecord(_ body: (LentRecord) -> Void) {
        precondition(!slots.isEmpty, "navd: the history always keeps its newest revision")
        // The slot's fields read in place: a copy of it would retain its undo and tree.
        let newest = place(slots.count - 1)
        let (revision, causeEnd, params) = (slots[newest].revision, slots[newest].causeEnd, slots[newest].params)
        ring.withBytes(at: slots[newest].position, count: slots[newest].count) {
            body(LentRecord(revision: revision, bytes: $0, causeEnd: causeEnd, params: params))
        }
    }

    /// The entry of `revision`, if it is still kept.
    public func entry(revision: Int) -> HistoryEntry? {
        index(of: revision).map { self[$0] }
    }

    /// Up to `limit` entries, oldest first (newest last): with `since`, the first ones whose
    /// revision is greater than `since` (reading forward page by page); without, the newest.
    public func entries(since: Int? = nil, limit: Int) -> [HistoryEntry] {
        indexes(since: since, limit: limit).map { self[$0] }
    }

    /// Where the entries of `entries(since:limit:)` are.
    private func indexes(since: Int?, limit: Int) -> Range<Int> {
        let limit = max(0, limit)
        guard let since else { return max(0, count - limit)..<count }
        let first = firstIndex(after: since)
        return first..<min(count, first + min(limit, count))
    }

    /// The index of the entry of `revision`, if it is still kept.
    private func index(of revision: Int) -> Int? {
        // Searched as "not before", not "after revision - 1": any Int a client sends is a
        // revision to look for, `Int.min` included.
        let index = firstIndex { $0 >= revision }
        return index < count && self.revision(at: index) == revision ? index : nil
    }

    /// A restored entry whose stored tree does not decode, met while rebuilding trees.
    public struct DamagedEntry: Error, Sendable {
        public var revision: Int
        public var error: TreeDecodingError
    }

    /// The tree of `revision`, if the history still has it; `current` is the tree of the
    /// newest revision. Throws for a restored tree that does not decode.
    public func tree(of revision: Int, current: NavigationTree) throws(DamagedEntry) -> NavigationTree? {
        guard let index = index(of: revision) else { return nil }
        var found: NavigationTree?
        try walkTrees(in: index..<(index + 1), current: current, needing: { _ in true }) { _, tree in found = tree }
        return found
    }

    /// `entries(since:limit:)`, each keeping its tree (rebuilt where it is not kept; a
    /// restored entry keeps its stored JSON, not decoded); `current` is the tree of the newest
    /// revision.
    public func entriesKeepingTrees(since: Int? = nil, limit: Int, current: NavigationTree) throws(DamagedEntry) -> [HistoryEntry] {
        var entries: [HistoryEntry] = []
        try forEachKeepingTree(since: since, limit: limit, current: current, wanted: { .max }) { entries.append($0); return true }
        return entries
    }

    /// The entries of `entriesKeepingTrees(since:limit:current:)` handed to `body` one at a
    /// time, oldest first, for as long as it returns true. The trees are rebuilt a few at a
    /// time: `wanted` says how many more entries the caller expects to take (at least one is
    /// rebuilt), and only those are, so that a caller that stops early (a page bounded in
    /// bytes) holds and copies no tree it does not write. Each batch is rebuilt from the next
    /// kept tree down (at most `keptTreeInterval - 1` undos, in place).
    public func forEachKeepingTree(
        since: Int? = nil, limit: Int, current: NavigationTree, wanted: () -> Int, _ body: (HistoryEntry) -> Bool
    ) throws(DamagedEntry) {
        let range = indexes(since: since, limit: limit)
        var start = range.lowerBound
        var batch: [HistoryEntry] = []
        while start < range.upperBound {
            let end = start + min(range.upperBound - start, max(1, wanted()))
            batch.removeAll(keepingCapacity: true)
            try walkTrees(in: start..<end, current: current, needing: { !keepsTree($0) }) { index, tree in
                let kept = slots[place(index)].tree
                batch.append(entry(at: index, tree: kept ?? .value(tree!)))
            }
            // The walk goes newest first.
            for entry in batch.reversed() {
                guard body(entry) else { return }
            }
            start = end
        }
    }

    /// Makes `text` the text of `current`, the tree of `revision`: written against the text
    /// it holds when that is of a revision this history keeps every revision after
    /// (`TreeText`), else written whole.
    public func update(_ text: inout TreeText?, current: NavigationTree, revision: Int) {
        if text?.revision == revision { return }
        // Every revision after `from` is kept when the `revision - from` newest entries begin
        // with the one after it (their revisions increase up to `revision`).
        if revision == latest, let from = text?.revision, from < revision, count >= revision - from,
            self.revision(at: count - (revision - from)) == from + 1,
            // A closure, not the method itself (`undo(at:)`): that one is made on the heap,
            // with a copy of the history.
            let unwritten = text!.markChanged(by: { undo(at: $0) }, at: (count - (revision - from))..<count, newest: current)
        {
            text!.rewrite(current, revision: revision, unwritten: unwritten)
        } else {
            text = TreeText(current, revision: revision)
        }
    }

    /// Every revision after `since` as the row a store writes of it (`RevisionRows`): its
    /// record where the ring holds it, and its tree's JSON; `current` is the tree of the newest
    /// revision. `text` becomes the text of the newest one's tree (`update`), whose bytes are
    /// that row's tree; an older one's tree (a commit of several revisions) is written against
    /// it during one walk that edits one copy of the tree in place: what did not change after
    /// `since` is copied.
    public func rowsEncodingTrees(since: Int, current: NavigationTree, text: inout TreeText?) throws(DamagedEntry) -> RevisionRows {
        let range = indexes(since: since, limit: count)
        var olderTrees: [UInt8] = []
        var olderEnds: [Int] = []
        if let newest = range.last {
            update(&text, current: current, revision: revision(at: newest))
            if range.count > 1 {
                olderEnds.reserveCapacity(range.count - 1)
                let written = text!
                try walkTrees(in: range, current: current, needing: { $0 != newest }) { index, tree in
                    guard index != newest else { return }
                    olderTrees += written.encoded(tree!, copyingThrough: since)
                    olderEnds.append(olderTrees.count)
                }
            }
        }
        // The text's splice knows what the newest tree shares with the one before it.
        return RevisionRows(
            ring: ring, slots: slots, head: head, rows: range, newestTree: range.isEmpty ? [] : text!.bytes,
            newestShares: text?.sharedWithPrevious ?? (prefix: 0, suffix: 0), olderTrees: olderTrees, olderEnds: olderEnds)
    }

    /// Calls `body` with each entry of `range`, newest first, and its tree where `needsTree`
    /// says the body needs it (else `nil`): from the first entry at or after its end that
    /// keeps its tree (or from `current`), undoing one revision at a time. A tree an entry
    /// keeps is decoded only where it is needed, by the body or by the undo that makes the
    /// tree of the entry before it.
    private func walkTrees(
        in range: Range<Int>, current: NavigationTree, needing needsTree: (Int) -> Bool,
        _ body: (Int, NavigationTree?) -> Void
    ) throws(DamagedEntry) {
        guard !range.isEmpty else { return }
        func kept(_ index: Int) throws(DamagedEntry) -> NavigationTree? {
            let slot = slots[place(index)]
            do {
                return try slot.tree?.tree(revision: slot.revision)
            } catch {
                throw DamagedEntry(revision: slot.revision, error: error)
            }
        }
        func needed(_ index: Int) -> Bool {
            (index < range.upperBound && needsTree(index)) || (index > range.lowerBound && !keepsTree(index - 1))
        }
        var index = range.upperBound - 1
        while index < count - 1 && !keepsTree(index) { index += 1 }
        var tree = needed(index) ? try kept(index) ?? current : nil
        while true {
            if index < range.upperBound { body(index, tree) }
            if index == range.lowerBound { break }
            let undo = undo(at: index)
            index -= 1
            if keepsTree(index) {
                tree = needed(index) ? try kept(index) : nil
            } else {
                // An entry without its tree was made by the navigator, which gave it an undo;
                // the tree after it was made for this (`needed`).
                undo!.undo(&tree!)
            }
        }
    }

    /// The index of the first entry whose revision is greater than `revision` (`count` if none).
    private func firstIndex(after revision: Int) -> Int {
        firstIndex { $0 > revision }
    }

    /// The index of the first entry whose revision `isPast` holds for (`count` if none);
    /// `isPast` is false for the oldest entries, then true (revisions increase).
    private func firstIndex(where isPast: (Int) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = low + (high - low) / 2
            if isPast(self.revision(at: middle)) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
