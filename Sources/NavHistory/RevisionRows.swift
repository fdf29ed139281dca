/// The revisions one commit stores, oldest first, each as the bytes of its row: its cause's
/// JSON and its events' JSON array where the history's ring holds them (`RecordRing`), and its
/// tree's JSON where the tree's text holds it (the newest revision's: `TreeText`) or where the
/// walk that rebuilt an older one wrote it (`History.rowsEncodingTrees`). Nothing is copied to
/// hand them over: it shares the history's storage and the text's bytes (copy-on-write), and
/// a store binds each row's bytes where they lie (`withRow`).
///
/// Held for the length of a commit only: while it lives, the history's next revision would
/// copy the ring and the index to write into them.
public struct RevisionRows {
    /// One revision's row, borrowed for the call it is handed to (`withRow`).
    public struct Row {
        public let revision: Int
        /// When it was made (milliseconds since the Unix epoch).
        public let at: Int
        /// `HistoryCause.writeJSON`'s bytes.
        public let cause: UnsafeRawBufferPointer
        /// The events' JSON array, as the answer and `nav.changed` carry it.
        public let events: UnsafeRawBufferPointer
        /// `NavigationTree.encodedJSON`'s bytes.
        public let tree: UnsafeRawBufferPointer
        /// How many bytes at its start and at its end `tree` is known to share with the tree
        /// of the revision before it: what the text's splice left as it was
        /// (`TreeText.sharedWithPrevious`), so that a delta between the two need not compare
        /// them; (0, 0) when nothing is known.
        public let treeShares: (prefix: Int, suffix: Int)
    }

    /// The history's records, its index, where the oldest entry's slot is in it, and the
    /// index (from the oldest) of the first row's entry.
    private let ring: RecordRing
    private let slots: [HistorySlot]
    private let head: Int
    private let first: Int
    /// The newest row's tree, and what it is known to share with the tree before it.
    private let newestTree: [UInt8]
    private let newestShares: (prefix: Int, suffix: Int)
    /// The older rows' trees one after another, newest first, and where each ends.
    private let olderTrees: [UInt8]
    private let olderEnds: [Int]

    /// How many rows: the revisions the commit stores.
    public let count: Int

    init(
        ring: RecordRing, slots: [HistorySlot], head: Int, rows: Range<Int>, newestTree: [UInt8],
        newestShares: (prefix: Int, suffix: Int), olderTrees: [UInt8], olderEnds: [Int]
    ) {
        precondition(rows.isEmpty || olderEnds.count == rows.count - 1, "navd: a commit's older rows each have their tree")
        self.ring = ring
        self.slots = slots
        self.head = head
        first = rows.lowerBound
        count = rows.count
        self.newestTree = newestTree
        self.newestShares = newestShares
        self.olderTrees = olderTrees
        self.olderEnds = olderEnds
    }

    public var isEmpty: Bool { count == 0 }

    /// The first row's revision; `nil` when there is none.
    public var firstRevision: Int? {
        isEmpty ? nil : slots.withUnsafeBufferPointer { $0[place(0)].revision }
    }

    /// Where in `slots` the row at `index` is.
    private func place(_ index: Int) -> Int {
        let place = head + first + index
        return place < slots.count ? place : place - slots.count
    }

    /// Calls `body` with the row at `index`, oldest first: its bytes are valid during the call.
    public func withRow<E: Error>(_ index: Int, _ body: (Row) throws(E) -> Void) throws(E) {
        precondition(index >= 0 && index < count, "navd: a commit's row out of range")
        // The slot's fields read in place: a copy of the slot would retain its undo and tree.
        let (revision, at, position, length, causeEnd) = slots.withUnsafeBufferPointer { slots in
            let slot = slots.baseAddress! + place(index)
            return (slot.pointee.revision, slot.pointee.at, slot.pointee.position, slot.pointee.count, slot.pointee.causeEnd)
        }
        let trees: [UInt8]
        let range: Range<Int>
        var shares = (prefix: 0, suffix: 0)
        if index == count - 1 {
            trees = newestTree
            range = 0..<newestTree.count
            shares = newestShares
        } else {
            // The walk wrote the older trees newest first.
            let written = count - 2 - index
            trees = olderTrees
            range = (written == 0 ? 0 : olderEnds[written - 1])..<olderEnds[written]
        }
        try ring.withBuffer { (records) throws(E) in
            try trees.withUnsafeBufferPointer { (trees) throws(E) in
                let record = RecordRing.bytes(at: position, count: length, in: records)
                try body(Row(
                    revision: revision, at: at, cause: UnsafeRawBufferPointer(rebasing: record[..<causeEnd]),
                    events: UnsafeRawBufferPointer(rebasing: record[causeEnd...]),
                    tree: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(trees)[range]), treeShares: shares))
            }
        }
    }
}
