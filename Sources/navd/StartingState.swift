import NavProtocol
import NavServer
import NavStore
import NavigationCore
import NavHistory

/// The state navd starts from: booted fresh, or restored from its database (migrated to the
/// boot tree when the saved tree no longer fits the definition), with the history that goes
/// with it and the line that says which (`make run`'s first line).
struct StartingState {
    var navigator: Navigator
    /// `nil`: the server starts the history with revision 1 (`daemon.start`).
    var history: History?
    /// The last revision the database already holds (0: nothing yet).
    var committedThrough: Int
    var summary: String

    /// A fresh start: nothing saved, or nothing kept (`--ephemeral`).
    static func fresh(_ definition: AppDefinition, summary: String) throws -> StartingState {
        StartingState(navigator: try Navigator(booting: definition), history: nil, committedThrough: 0, summary: summary)
    }

    /// From what `database` holds: restored, migrated, or fresh when it holds nothing.
    static func load(
        from database: StateDatabase, definition: AppDefinition, historyLimit: Int, now: Int
    ) throws -> StartingState {
        guard let stored = try database.load() else {
            return try fresh(definition, summary: "no saved state at \(database.path): starting fresh")
        }
        var history = History(limit: historyLimit)
        for entry in stored.entries { history.append(entry) }
        let snapshot = stored.snapshot
        // A stored time is whatever the file holds: a difference that does not fit is no age.
        var detail = stored.entries.last.map { entry in
            let (age, overflow) = now.subtractingReportingOverflow(entry.at)
            return " (age \(overflow ? "unknown" : Self.age(milliseconds: age)))"
        } ?? ""
        if let schema = database.upgradedFrom {
            detail += " (its file upgraded from schema \(schema) to \(StateDatabase.schemaVersion): an older navd cannot read it now)"
        }
        do {
            let navigator = try Navigator(restoring: snapshot, definition: definition, requests: .jsonRPC)
            return StartingState(
                navigator: navigator, history: history, committedThrough: snapshot.revision,
                summary: "restored revision \(snapshot.revision)\(detail) from \(database.path)")
        } catch let error as NavigatorRestoreError {
            let (navigator, result) = try Navigator.migrating(snapshot, definition: definition, requests: .jsonRPC)
            history.append(HistoryEntry(
                revision: result.revision, at: now, cause: .daemonMigrate(problems: error.problems), events: result.events,
                tree: navigator.tree))
            return StartingState(
                navigator: navigator, history: history, committedThrough: snapshot.revision,
                summary: "restored revision \(snapshot.revision)\(detail) from \(database.path), which no longer fits the app: "
                    + "migrated to the boot tree as revision \(result.revision) (\(error.problems.joined(separator: "; ")))")
        }
    }

    /// `850 ms`, `12 s`, `5 min`, `3 h`, `2 d`: how long ago the last revision was made.
    static func age(milliseconds: Int) -> String {
        let value = max(0, milliseconds)
        switch value {
        case ..<1_000: return "\(value) ms"
        case ..<60_000: return "\(value / 1_000) s"
        case ..<3_600_000: return "\(value / 60_000) min"
        case ..<86_400_000: return "\(value / 3_600_000) h"
        default: return "\(value / 86_400_000) d"
        }
    }
}

/// The SQLite database as the server's store.
final class DatabaseStore: StateStore {
    let database: StateDatabase

    init(_ database: StateDatabase) {
        self.database = database
    }

    func commit(_ rows: RevisionRows, state: borrowing Navigator) throws {
        try database.commit(rows, state: state)
    }
}
