/// The revisions one commit stores, oldest first, each as the bytes of its row: its cause's
/// JSON and its events' JSON array where the history's ring holds them (`RecordRing`), and its
/// tree's JSON where the tree's text holds it (the newest revision's: `TreeText`) or where the
/// walk that rebuilt an older one wrote it. Nothing is copied to hand them over: a store binds
/// the bytes where they lie.
///
/// Borrowed: valid only inside the call it is handed to (`History.withRowsEncodingTrees`),
/// and never kept after it.
public struct RevisionRows {
    /// One revision's row.
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
    }

    /// The ring's buffer (`RecordRing.withBuffer`).
    private let records: UnsafeRawBufferPointer
    /// The history's index, where the oldest entry's slot is, and the index (from the
    /// oldest) of the first row's entry.
    private let slots: UnsafeBufferPointer<HistorySlot>
    private let head: Int
    private let first: Int
    /// The newest row's tree.
    private let newestTree: UnsafeRawBufferPointer
    /// The older rows' trees one after another, newest first, and where each ends.
    private let olderTrees: UnsafeRawBufferPointer
    private let olderEnds: UnsafeBufferPointer<Int>

    /// How many rows: the revisions the commit stores.
    public let count: Int

    init(
        records: UnsafeRawBufferPointer, slots: UnsafeBufferPointer<HistorySlot>, head: Int, rows: Range<Int>,
        newestTree: UnsafeRawBufferPointer, olderTrees: UnsafeRawBufferPointer, olderEnds: UnsafeBufferPointer<Int>
    ) {
        precondition(rows.isEmpty || olderEnds.count == rows.count - 1, "navd: a commit's older rows each have their tree")
        self.records = records
        self.slots = slots
        self.head = head
        first = rows.lowerBound
        count = rows.count
        self.newestTree = newestTree
        self.olderTrees = olderTrees
        self.olderEnds = olderEnds
    }

    public var isEmpty: Bool { count == 0 }

    /// The row at `index`, oldest first.
    public subscript(index: Int) -> Row {
        precondition(index >= 0 && index < count, "navd: a commit's row out of range")
        let place = head + first + index
        let slot = slots.baseAddress! + (place < slots.count ? place : place - slots.count)
        let record = RecordRing.bytes(at: slot.pointee.position, count: slot.pointee.count, in: records)
        let causeEnd = slot.pointee.causeEnd
        let tree: UnsafeRawBufferPointer
        if index == count - 1 {
            tree = newestTree
        } else {
            // The walk wrote the older trees newest first.
            let written = count - 2 - index
            let start = written == 0 ? 0 : olderEnds[written - 1]
            tree = UnsafeRawBufferPointer(rebasing: olderTrees[start..<olderEnds[written]])
        }
        return Row(
            revision: slot.pointee.revision, at: slot.pointee.at, cause: UnsafeRawBufferPointer(rebasing: record[..<causeEnd]),
            events: UnsafeRawBufferPointer(rebasing: record[causeEnd...]), tree: tree)
    }
}
