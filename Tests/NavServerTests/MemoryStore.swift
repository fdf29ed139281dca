@testable import NavServer
import NavigationCore
import NavHistory

/// The store of the server's tests: keeps every commit as it was handed over (its rows as the
/// entries they read back as), and can be told to fail the next one.
final class MemoryStore: StateStore {
    struct Commit: Equatable {
        var entries: [HistoryEntry]
        var state: NavigatorSnapshot
    }

    struct Refused: Error {}

    private(set) var commits: [Commit] = []
    var failNext = false

    /// What a restart would find: the last state and every entry committed, oldest first.
    var state: NavigatorSnapshot? { commits.last?.state }
    var entries: [HistoryEntry] { commits.flatMap(\.entries) }

    /// Keeps each row as the entry a store reads back from it (its bytes copied).
    func commit(_ rows: RevisionRows, state: borrowing Navigator) throws {
        if failNext {
            failNext = false
            throw Refused()
        }
        var entries: [HistoryEntry] = []
        for index in 0..<rows.count {
            try rows.withRow(index) { row in
                let tree = Array(row.tree)
                entries.append(HistoryEntry(
                    revision: row.revision, at: row.at, cause: try HistoryCause(stored: Array(row.cause)), encodedEvents: Array(row.events),
                    rebuildingTree: { tree }))
            }
        }
        commits.append(Commit(entries: entries, state: state.snapshot))
    }
}
