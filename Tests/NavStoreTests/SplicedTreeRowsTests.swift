import Testing
import NavJSON
import NavRandom
@testable import NavigationCore
import NavHistory
@testable import NavStore

/// A durable navd keeps one text of the tree across its commits and splices each revision
/// into it (`TreeText`); what the splice left as it was at the text's start and end is what
/// the row's delta need not compare (`RevisionRows.Row.treeShares`). The rows must be the
/// bytes that comparing whole trees stores.
@Suite struct SplicedTreeRowsTests {
    /// Random routes, closes and tab selections on the sample app, committed one to three at
    /// a time into two databases: one from a text kept across commits, as navd does, one from
    /// a text written whole for each commit (nothing known, every byte compared). Both are
    /// reopened halfway (the text is written whole again after a restart). Every row is the
    /// same bytes in both, and each tree reads back as its revision's.
    @Test func rowsFromASplicedTextAreTheRowsOfWholeTrees() throws {
        var random = SplitMix64(seed: testSeed("SplicedTreeRowsTests.rowsFromASplicedTextAreTheRowsOfWholeTrees"))
        let (spliced, whole) = (TemporaryDirectory(), TemporaryDirectory())
        defer {
            spliced.remove()
            whole.remove()
        }
        var nav = Navigator(definition: .sample, instance: "0000abcd")
        var history = History(limit: 50)
        history.append(HistoryEntry(revision: nav.revision, at: 0, cause: .daemonStart, events: [], tree: nav.tree))
        var trees = [nav.revision: nav.tree.encodedJSON]
        var text: TreeText?
        var committed = 0
        for half in 0..<2 {
            let kept = try StateDatabase(path: spliced.database, app: "sample", historyLimit: 50)
            let written = try StateDatabase(path: whole.database, app: "sample", historyLimit: 50)
            if half == 1 {
                _ = try kept.load()
                _ = try written.load()
                text = nil
            }
            for _ in 0..<150 {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let operation: NavOperation
                    switch Int.random(in: 0..<10, using: &random) {
                    case ..<5:
                        let post = Int.random(in: 0..<99, using: &random)
                        operation = try NavOperation(method: "nav.route", params: ["to": "post", "params": ["postId": .int(post)]])
                    case ..<8: operation = .close(screen: nil)
                    default: operation = .selectTab(.index(Int.random(in: 0..<3, using: &random)), flow: nil)
                    }
                    guard (try? nav.perform(operation)) != nil, nav.revision != history.latest else { continue }
                    history.append(HistoryEntry(
                        revision: nav.revision, at: 7, cause: HistoryCause(method: "test"), events: [], undo: nav.lastUndo, keeping: nil))
                    trees[nav.revision] = nav.tree.encodedJSON
                }
                guard nav.revision != committed else { continue }
                try kept.commit(history.rowsEncodingTrees(since: committed, current: nav.tree, text: &text), state: nav)
                var once: TreeText?
                try written.commit(history.rowsEncodingTrees(since: committed, current: nav.tree, text: &once), state: nav)
                committed = nav.revision
            }
            kept.close()
            written.close()
        }
        #expect(try Self.rows(of: spliced.database) == Self.rows(of: whole.database))
        let reopened = try StateDatabase(path: spliced.database, app: "sample", historyLimit: 50)
        defer { reopened.close() }
        for entry in try #require(try reopened.load()).entries where entry.encodedTree != trees[entry.revision] {
            Issue.record("revision \(entry.revision) reads back as \(String(decoding: entry.encodedTree ?? [], as: UTF8.self))")
        }
    }

    /// Every column of every row of the database at `path`, in revision order.
    private static func rows(of path: String) throws -> String {
        let connection = try SQLiteConnection(path: path)
        defer { connection.close() }
        let statement = try connection.prepare("""
            SELECT group_concat(revision || ' ' || at || ' ' || hex(cause) || ' ' || hex(events) || ' ' || hex(tree) || ' ' \
            || ifnull(prefix, '-') || ' ' || ifnull(suffix, '-') || ' ' || ifnull(nextFlow, '-') || ' ' || ifnull(nextScreen, '-') \
            || ' ' || slot, char(10)) FROM (SELECT * FROM revisions ORDER BY revision)
            """)
        defer { statement.reset() }
        return try statement.step() ? statement.string(0) ?? "" : ""
    }

    /// What a splice knows is of the bytes this navd wrote: a tree read back from the file
    /// (which an older navd may have written otherwise) is compared whole.
    @Test func aTreeReadBackIsComparedWhole() {
        let read = Array(#"{"a": 1,"b":[2]}"#.utf8)
        let tree = Array(#"{"a":1,"b":[2,3]}"#.utf8)
        var chain = TreeChain(interval: 64, minimumRun: 64)
        let taken = chain.read(revision: 1, row: .full(read))
        #expect(taken)
        chain.readNewest(read)
        // Wrong of these bytes (of the same tree as this navd writes it): `"a":1` has no space.
        let stored = tree.withUnsafeBytes { chain.write(revision: 2, tree: $0, knowing: (prefix: 12, suffix: 2)) }
        #expect(stored == .delta(prefix: 5, suffix: 2))
        // Once written, the newest tree is this navd's: what is known is taken as it is.
        let next = Array(#"{"a":1,"b":[2,3,4]}"#.utf8)
        let nextStored = next.withUnsafeBytes { chain.write(revision: 3, tree: $0, knowing: (prefix: 14, suffix: 2)) }
        #expect(nextStored == .delta(prefix: 15, suffix: 2))
    }
}
