@testable import NavServer
import NavigationCore
import NavHistory

/// The store of the server's tests: keeps every commit as it was handed over, and can be told
/// to fail the next one.
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

    func commit(_ entries: [HistoryEntry], state: borrowing Navigator) throws {
        if failNext {
            failNext = false
            throw Refused()
        }
        commits.append(Commit(entries: entries, state: state.snapshot))
    }
}
