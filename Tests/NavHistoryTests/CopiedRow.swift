import NavJSON
import NavigationCore
@testable import NavHistory

/// A row of a commit (`RevisionRows.Row`) copied out: the rows are borrowed for the call that
/// hands them over.
struct CopiedRow: Equatable, CustomStringConvertible {
    var revision: Int
    var at: Int
    var cause: [UInt8]
    var events: [UInt8]
    var tree: [UInt8]

    init(_ row: RevisionRows.Row) {
        revision = row.revision
        at = row.at
        cause = Array(row.cause)
        events = Array(row.events)
        tree = Array(row.tree)
    }

    /// The row a store should get of `entry`, which keeps its tree.
    init(_ entry: HistoryEntry) {
        revision = entry.revision
        at = entry.at
        cause = JSONBuffer.encode { entry.writeCauseJSON(into: &$0) }
        events = entry.encodedEvents
        tree = entry.encodedTree ?? []
    }

    var description: String {
        "\(revision) at \(at): \(String(decoding: cause, as: UTF8.self)) \(String(decoding: events, as: UTF8.self)) \(String(decoding: tree, as: UTF8.self))"
    }
}

extension History {
    /// The rows of `withRowsEncodingTrees(since:current:text:_:)`, copied.
    func copiedRows(since: Int, current: NavigationTree, text: inout TreeText?) throws -> [CopiedRow] {
        var copied: [CopiedRow] = []
        try withRowsEncodingTrees(since: since, current: current, text: &text) { rows in
            for index in 0..<rows.count { copied.append(CopiedRow(rows[index])) }
        }
        return copied
    }
}
