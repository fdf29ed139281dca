public import NavigationCore
public import NavHistory

/// What a database held: the navigator as of the last commit and the history entries kept,
/// oldest first.
public struct StoredState: Sendable {
    public var snapshot: NavigatorSnapshot
    public var entries: [HistoryEntry]

    public init(snapshot: NavigatorSnapshot, entries: [HistoryEntry]) {
        self.snapshot = snapshot
        self.entries = entries
    }
}
