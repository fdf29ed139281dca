import Testing
import NavClient
@testable import NavctlKit
import NavJSON

/// navd cuts a `nav.history` page at its byte bound (`more: true`, semantics.md 83); the
/// clients that read the history follow it: `NavConnection.history` asks for the rest after
/// the last entry it got and answers every entry asked for, and `navctl history` prints them
/// as one. Before, they showed the first page only, as if the history ended there.
@Suite struct HistoryPagingTests {
    /// A navd whose pages hold about 3 KiB, after 30 routes (trees of up to 31 posts).
    func navd() throws -> InProcessNavd {
        let navd = InProcessNavd(historyPageBytes: 3 << 10)
        for n in 1...30 { try navd.call("nav.route", ["to": "post", "params": ["postId": .int(n)]]) }
        return navd
    }

    @Test func theClientFollowsPagesNavdCut() throws {
        let navd = try navd()
        let connection = try navd.connect(name: nil)
        let first = try connection.historyPage(since: 0, limit: 1_000, tree: true)
        #expect(first.more && (1..<31).contains(first.entries.count))
        let all = try connection.history(since: 0, limit: 1_000, tree: true)
        #expect(!all.more && all.entries.map(\.revision) == Array(1...31))
        #expect(all.entries.allSatisfy { $0.root != nil })
        #expect(Array(all.entries.prefix(first.entries.count)) == first.entries)
        #expect(all.json["entries"]?.arrayValue?.count == 31 && all.json["latest"] == 31 && all.json["more"] == nil)
        // Without since: the newest `limit`, however many pages they take.
        let newest = try connection.history(limit: 12, tree: true)
        #expect(newest.entries.map(\.revision) == Array(20...31))
        // A limit the first page fills is not followed further.
        #expect(try connection.history(since: 0, limit: 2, tree: true).entries.map(\.revision) == [1, 2])
    }

    @Test func navctlHistoryPrintsEveryPage() throws {
        let navd = try navd()
        let done = navd.run("history --since 0 --limit 1000 --json")
        #expect(done.status == 0)
        let json = try JSONParser.parse(Array(done.stdout.utf8))
        #expect(json["entries"]?.arrayValue?.map { $0["revision"] } == (1...31).map { .int($0) })
    }
}
