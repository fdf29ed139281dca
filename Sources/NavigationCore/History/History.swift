/// The last `limit` committed revisions, oldest first: a ring that drops the oldest entry when
/// a new one comes in full. Revisions are appended in increasing order, so an entry is found by
/// a binary search. Pure: the clock that stamps entries belongs to whoever appends.
public struct History: Sendable {
    /// How many entries are kept (at least 1).
    public let limit: Int
    public static let defaultLimit = 10_000

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
    public var oldest: Int? { storage.isEmpty ? nil : self[0].revision }
    /// The newest revision kept; `nil` when empty.
    public var latest: Int? { storage.isEmpty ? nil : self[storage.count - 1].revision }

    /// Keeps `entry` as the newest, dropping the oldest one if the history is full. Its
    /// revision must be newer than every one kept.
    public mutating func append(_ entry: HistoryEntry) {
        precondition(latest.map { entry.revision > $0 } ?? true, "navd: history entries must come in revision order")
        if storage.count < limit {
            storage.append(entry)
        } else {
            storage[head] = entry
            head = (head + 1) % limit
        }
    }

    /// The entry of `revision`, if it is still kept.
    public func entry(revision: Int) -> HistoryEntry? {
        let index = firstIndex(after: revision - 1)
        guard index < count, self[index].revision == revision else { return nil }
        return self[index]
    }

    /// Up to `limit` entries, oldest first (newest last): with `since`, the first ones whose
    /// revision is greater than `since` (reading forward page by page); without, the newest.
    public func entries(since: Int? = nil, limit: Int) -> [HistoryEntry] {
        let limit = max(0, limit)
        let range: Range<Int>
        if let since {
            let first = firstIndex(after: since)
            range = first..<min(count, first + min(limit, count))
        } else {
            range = max(0, count - limit)..<count
        }
        return range.map { self[$0] }
    }

    /// The index of the first entry whose revision is greater than `revision` (`count` if none).
    private func firstIndex(after revision: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle].revision <= revision { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
