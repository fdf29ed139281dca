public import NavigationCore
/// The last `limit` committed revisions, oldest first: a ring that drops the oldest entry when
/// a new one comes in full. Revisions are appended in increasing order, so an entry is found by
/// a binary search. Pure: the clock that stamps entries belongs to whoever appends.
///
/// Most entries keep the undo of their revision, not its tree: a revision's tree is rebuilt
/// from the nearest newer entry that keeps one (or from the current tree, the newest
/// revision's) by undoing the revisions in between, at most `KeptTrees.maximumRun - 1` of them.
public struct History: Sendable {
    /// How many entries are kept (at least 1).
    public let limit: Int
    public static let defaultLimit = 10_000
    /// Every this many revisions an entry keeps its tree.
    public static let keptTreeInterval = 64

    private var storage: [HistoryEntry] = []
    /// Where the oldest entry is in `storage` once it is full.
    private var head = 0

    public init(limit: Int = History.defaultLimit) {
        precondition(limit >= 1, "a history keeps at least one entry")
        self.limit = limit
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    /// The entry at `index` from the oldest.
    public subscript(index: Int) -> HistoryEntry {
        storage[(head + index) % storage.count]
    }

    /// The oldest revision kept; `nil` when empty.
    public var oldest: Int? { storage.isEmpty ? nil : revision(at: 0) }
    /// The newest revision kept; `nil` when empty.
    public var latest: Int? { storage.isEmpty ? nil : revision(at: storage.count - 1) }

    /// The revision of the entry at `index` from the oldest, read in place (the subscript
    /// copies the entry, retaining everything it holds; this runs for every revision).
    private func revision(at index: Int) -> Int {
        storage[(head + index) % storage.count].revision
    }

    /// The undo of the entry at `index`, read in place (as `revision(at:)`).
    private func undo(at index: Int) -> TreeUndo? {
        storage[(head + index) % storage.count].undo
    }

    /// Keeps `entry` as the newest, dropping the oldest one if the history is full. Its
    /// revision must be newer than every one kept. Taken, not copied: this runs for every
    /// revision.
    public mutating func append(_ entry: consuming HistoryEntry) {
        precondition(storage.isEmpty || entry.revision > revision(at: storage.count - 1), "navd: history entries must come in revision order")
        if storage.count < limit {
            storage.append(entry)
        } else {
            storage[head] = entry
            head = (head + 1) % limit
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
            try walkTrees(in: start..<end, current: current, needing: { !self[$0].keepsTree }) { index, tree in
                let entry = self[index]
                batch.append(entry.keepsTree ? entry : entry.keeping(tree!))
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
            let unwritten = text!.markChanged(by: undo(at:), at: (count - (revision - from))..<count, newest: current)
        {
            text!.rewrite(current, revision: revision, unwritten: unwritten)
        } else {
            text = TreeText(current, revision: revision)
        }
    }

    /// Every entry after `since`, each keeping its tree's JSON (what a store writes);
    /// `current` is the tree of the newest revision. `text` becomes the text of the newest
    /// one's tree (`update`), and the older trees are written against it: what did not change
    /// after `since` is copied. The walk edits one copy of the tree in place instead of
    /// copying it for every entry.
    public func entriesEncodingTrees(since: Int, current: NavigationTree, text: inout TreeText?) throws(DamagedEntry) -> [HistoryEntry] {
        let range = indexes(since: since, limit: count)
        guard let newest = range.last else { return [] }
        update(&text, current: current, revision: revision(at: newest))
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(range.count)
        try walkTrees(in: range, current: current, needing: { $0 != newest }) { index, tree in
            let entry = self[index]
            entries.append(entry.keeping(encodedTree: index == newest ? text!.bytes : text!.encoded(tree!, copyingThrough: since)))
        }
        entries.reverse()
        return entries
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
            let entry = self[index]
            do {
                return try entry.tree
            } catch {
                throw DamagedEntry(revision: entry.revision, error: error)
            }
        }
        func needed(_ index: Int) -> Bool {
            (index < range.upperBound && needsTree(index)) || (index > range.lowerBound && !self[index - 1].keepsTree)
        }
        var index = range.upperBound - 1
        while index < count - 1 && !self[index].keepsTree { index += 1 }
        var tree = needed(index) ? try kept(index) ?? current : nil
        while true {
            if index < range.upperBound { body(index, tree) }
            if index == range.lowerBound { break }
            let entry = self[index]
            index -= 1
            if self[index].keepsTree {
                tree = needed(index) ? try kept(index) : nil
            } else {
                // An entry without its tree was made by the navigator, which gave it an undo;
                // the tree after it was made for this (`needed`).
                entry.undo!.undo(&tree!)
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
