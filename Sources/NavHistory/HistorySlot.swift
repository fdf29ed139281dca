import NavigationCore

/// What the history's index keeps of one revision, the same size for every revision: when it
/// was made, where its record lies in the ring of bytes (`RecordRing`) and how the record
/// parts (the cause, its params, the events), and the tree's side: the undo of its change and
/// the tree when the entry keeps it.
struct HistorySlot: Sendable {
    var revision: Int
    var at: Int
    /// The record's position in the ring.
    var position: Int
    /// The record's bytes: the cause's, then the events'.
    var count: Int
    /// Where the cause ends and the events begin, from the record's start.
    var causeEnd: Int
    /// Where `,"params":{…}` lies in the cause (with the comma that parts it from a neighbour).
    var params: Range<Int>
    /// Whether navd wrote the record in this process (else it was read from a store, and is
    /// checked before it is copied into an answer).
    var written: Bool
    /// How to make the tree before this revision out of this revision's (`HistoryEntry.undo`).
    var undo: TreeUndo?
    /// The tree, when the entry keeps it (`HistoryEntry.keepsTree`).
    var tree: EntryTree?
}
