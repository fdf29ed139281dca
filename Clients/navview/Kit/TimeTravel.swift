public import NavClient

/// navview's history mode without I/O: which past revision is shown (nil: live), the entries
/// fetched so far (with their trees, from `nav.history {tree: true}`), and what a step needs.
/// Entries are fetched a window at a time, so holding `[` makes one request per `window`
/// revisions, not one per key.
public struct TimeTravel: Sendable, Hashable {
    /// What a step asks of the viewer.
    public enum Step: Sendable, Hashable {
        /// Show this past revision (its entry is fetched).
        case show(Int)
        /// Call `nav.history {since, limit, tree: true}` (the revisions after `since`) and hand
        /// the answer to `fetched`.
        case fetch(since: Int, limit: Int)
        /// Back to the live tree.
        case live
        /// Nothing to step to; the reason is for the event pane.
        case refused(String)
    }

    /// How many entries one fetch asks for.
    public let window: Int
    /// How many entries are kept at most (those farthest from the shown one go first).
    public let capacity: Int
    /// The past revision shown; nil while live.
    public private(set) var position: Int?
    /// The entries fetched, by revision.
    public private(set) var entries: [Int: HistoryEntryView] = [:]
    /// The oldest revision navd said it keeps.
    public private(set) var oldest: Int?
    /// The revision a fetch was made for, until it answers.
    public private(set) var wanted: Int?

    public init(window: Int = 50, capacity: Int = 400) {
        self.window = window
        self.capacity = max(capacity, window)
    }

    public var isLive: Bool { position == nil }

    /// The entry shown, while in history.
    public var shown: HistoryEntryView? { position.flatMap { entries[$0] } }

    /// `[`: one revision back from the shown one, or from `latest` when live.
    public mutating func back(latest: Int) -> Step {
        guard wanted == nil else { return .refused("still fetching r\(wanted!)") }
        let from = position ?? latest
        let target = from - 1
        if target < max(1, oldest ?? 1) { return .refused("r\(from) is the oldest revision navd keeps") }
        if entries[target] != nil { return show(target) }
        wanted = target
        return .fetch(since: max(0, target - window), limit: window)
    }

    /// `]`: one revision forward; past `latest` (the live revision), back to live.
    public mutating func forward(latest: Int) -> Step {
        guard let position else { return .refused("already live") }
        guard wanted == nil else { return .refused("still fetching r\(wanted!)") }
        let target = position + 1
        if target > latest { return goLive() }
        if entries[target] != nil { return show(target) }
        wanted = target
        return .fetch(since: target - 1, limit: window)
    }

    /// Esc: back to live.
    public mutating func goLive() -> Step {
        position = nil
        wanted = nil
        return .live
    }

    /// `nav.history` answered the fetch `back` or `forward` asked for.
    public mutating func fetched(_ history: HistoryView) -> Step {
        oldest = history.oldest
        for entry in history.entries where entry.root != nil { entries[entry.revision] = entry }
        guard let target = wanted else { return .refused("an answer nobody asked for") }
        wanted = nil
        guard entries[target] != nil else {
            let kept = history.oldest.map { " (it keeps r\($0)–r\(history.latest))" } ?? ""
            return .refused("navd no longer keeps r\(target)\(kept)")
        }
        return show(target)
    }

    /// The fetch failed (or the connection went): nothing is waited for any more.
    public mutating func fetchFailed() {
        wanted = nil
    }

    /// A new connection (maybe a new navd, whose revisions are others): forget what was fetched.
    public mutating func reconnected() {
        entries = [:]
        oldest = nil
        _ = goLive()
    }

    private mutating func show(_ revision: Int) -> Step {
        position = revision
        if entries.count > capacity {
            let keep = capacity / 2
            entries = entries.filter { abs($0.key - revision) <= keep }
        }
        return .show(revision)
    }
}
