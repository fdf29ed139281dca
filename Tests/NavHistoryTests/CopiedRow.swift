import NavJSON
import NavigationCore
@testable import NavHistory

/// A row of a commit (`RevisionRows.Row`) copied out: its bytes are borrowed for the call that
/// hands it over.
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
    /// The rows of `rowsEncodingTrees(since:current:text:)`, copied.
    func copiedRows(since: Int, current: NavigationTree, text: inout TreeText?) throws -> [CopiedRow] {
        let rows = try rowsEncodingTrees(since: since, current: current, text: &text)
        var copied: [CopiedRow] = []
        for index in 0..<rows.count { rows.withRow(index) { copied.append(CopiedRow($0)) } }
        return copied
    }
}
