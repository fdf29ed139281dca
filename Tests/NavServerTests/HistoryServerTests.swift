import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// The server's history: an entry per committed revision with its cause and client;
/// `nav.history`, `nav.goto` (`-32012` for a revision it no longer has), `nav.reset`.
@Suite struct HistoryServerTests {
    /// A clock that counts milliseconds from 1,000 by ten per reading.
    static func configuration(historyLimit: Int = 10_000) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.historyLimit = historyLimit
        let ticks = Ticks()
        configuration.now = { ticks.next() }
        return configuration
    }

    final class Ticks: @unchecked Sendable {
        private var value = 1_000
        func next() -> Int {
            value += 10
            return value
        }
    }

    @Test func everyRevisionIsAnEntryWithItsCauseAndClient() {
        let h = Harness(configuration: Self.configuration())
        let a = h.connect()
        let b = h.connect()
        h.call(a, "daemon.hello", ["name": "tester"])
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 5], "expectRevision": 1])
        h.call(b, "nav.route", ["to": "post", "params": ["postId": 5], "singleTop": true])  // a no-op: no entry
        h.call(b, "nav.close")
        h.call(b, "nav.state")
        let result = h.call(a, "nav.history")[0]["result"]!
        #expect(result["oldest"] == 1 && result["latest"] == 3)
        let entries = result["entries"]!.arrayValue!
        #expect(entries.map { $0["revision"] } == [1, 2, 3])
        #expect(entries.map { $0["at"] } == [1_010, 1_020, 1_030])
        #expect(entries[0]["cause"] == ["method": "daemon.start", "params": [:], "client": .null, "clientId": .null])
        #expect(entries[1]["cause"] == [
            "method": "nav.route", "params": ["to": "post", "params": ["postId": 5], "expectRevision": 1],
            "client": "tester", "clientId": "c1",
        ])
        #expect(entries[2]["cause"] == ["method": "nav.close", "params": [:], "client": .null, "clientId": "c2"])
        #expect(entries[0]["events"]?.arrayValue?.last?["type"] == "willShow")
        #expect(entries[2]["events"]?.arrayValue?.map { $0["type"] } == ["willHide", "exit", "willShow"])
        #expect(entries.allSatisfy { $0["root"] == nil })
        // With trees: each revision's tree as nav.state showed it then.
        let withTrees = h.call(a, "nav.history", ["since": 1, "limit": 1, "tree": true])[0]["result"]!
        #expect(withTrees["entries"]?.arrayValue?.map { $0["revision"] } == [2])
        #expect(withTrees["entries"]?[0]?["root"]?["tabs"]?[0]?["screens"]?[1]?["screen"] == "post")
    }

    /// A restored entry's events and tree are read when asked for: one that does not read back
    /// (the database was edited under navd) fails the request that reaches it with -32603, and
    /// nothing else.
    @Test func aDamagedRestoredEntryFailsOnlyTheRequestsThatReachIt() {
        var history = History()
        history.append(HistoryEntry(
            revision: 1, at: 5, cause: .daemonStart, encodedEvents: Array("[]".utf8), rebuildingTree: { Array("{\"tabs\":".utf8) }))
        let h = Harness(configuration: Self.configuration(), history: history)
        let c = h.connect()
        let listed = h.call(c, "nav.history", ["tree": true])[0]
        #expect(listed["error"]?["code"] == -32603)
        #expect(listed["error"]?["message"]?.stringValue?.hasPrefix(
            "internal error: revision 1 of the saved history cannot be read: history entry 1: the stored JSON of its tree is invalid") == true)
        // Without trees, the entry's events and cause are all it needs.
        #expect(h.call(c, "nav.history")[0]["result"]?["entries"]?[0]?["revision"] == 1)
        #expect(h.call(c, "nav.goto", ["revision": 1])[0]["error"]?["code"] == -32603)
        #expect(h.call(c, "nav.route", ["to": "post", "params": ["postId": 5]])[0]["result"]?["revision"] == 2)
        #expect(h.call(c, "nav.history", ["since": 1, "tree": true])[0]["result"]?["entries"]?[0]?["revision"] == 2)
        #expect(h.call(c, "nav.state")[0]["result"]?["revision"] == 2)
    }

    /// `nav.history {tree: true}` answers a restored entry's tree as it is stored, checked as
    /// JSON and not decoded into a tree (decoding each took a page of 100 large trees from
    /// 23 ms in memory to 236 ms restored); what needs the tree itself, `nav.goto`, decodes it.
    @Test func aRestoredTreeIsAnsweredAsItIsStored() {
        var history = History()
        history.append(HistoryEntry(
            revision: 1, at: 5, cause: .daemonStart, encodedEvents: Array("[]".utf8), rebuildingTree: { Array(#"{"stored":true}"#.utf8) }))
        let h = Harness(configuration: Self.configuration(), history: history)
        let c = h.connect()
        #expect(h.call(c, "nav.history", ["tree": true])[0]["result"]?["entries"]?[0]?["root"] == ["stored": true])
        #expect(h.call(c, "nav.goto", ["revision": 1])[0]["error"]?["code"] == -32603)
    }

    @Test func historyParamsAreChecked() {
        let h = Harness(configuration: Self.configuration())
        let c = h.connect()
        for params: JSONValue in [["limit": 0], ["limit": 1_001], ["since": -1], ["tree": 1], ["limit": "5"], ["sinse": 1]] {
            let answer = h.call(c, "nav.history", params)[0]
            #expect(answer["error"]?["code"] == -32602, "\(params)")
        }
        #expect(h.call(c, "nav.history", ["limit": 1_000])[0]["result"]?["entries"]?.arrayValue?.count == 1)
    }

    /// Route, route, goto 1: the boot tree again, as revision 4, told to subscribers with its
    /// cause; goto of a revision the bounded history dropped is -32012 with what it keeps.
    @Test func gotoAndItsErrors() {
        let h = Harness(configuration: Self.configuration(historyLimit: 3))
        let a = h.connect()
        let watcher = h.connect()
        let boot = h.call(a, "nav.state")[0]["result"]!["root"]!
        h.call(watcher, "nav.subscribe", ["tree": false])
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 1]])
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 2]])
        _ = h.take(watcher)
        let answer = h.call(a, "nav.goto", ["revision": 1])[0]["result"]!
        #expect(answer["revision"] == 4)
        #expect(answer["events"]?.arrayValue?.map { $0["type"] } == ["willHide", "exit", "exit", "willShow"])
        #expect(h.call(a, "nav.state")[0]["result"]?["root"] == boot)
        let notified = h.take(watcher)
        #expect(notified.count == 1 && notified[0]["params"]?["changes"]?[0]?["cause"] == [
            "method": "nav.goto", "client": .null, "clientId": "c1",
        ])
        // The history now keeps 2, 3, 4; revision 1 is gone.
        let gone = h.call(a, "nav.goto", ["revision": 1])[0]["error"]!
        #expect(gone["code"] == -32012)
        #expect(gone["data"] == ["revision": 1, "oldest": 2, "latest": 4, "reason": "historyGone"])
        #expect(gone["message"] == "revision 1 is not in the history (the history keeps revisions 2 to 4)")
        #expect(h.call(a, "nav.goto", ["revision": 99])[0]["error"]?["code"] == -32012)
        // A conflict is told before anything else.
        #expect(h.call(a, "nav.goto", ["revision": 99, "expectRevision": 3])[0]["error"]?["code"] == -32005)
        // Going to the current tree is a no-op: no revision, no entry.
        let noop = h.call(a, "nav.goto", ["revision": 4])[0]["result"]!
        #expect(noop["noop"] == true && noop["revision"] == 4)
        let history = h.call(a, "nav.history")[0]["result"]!
        #expect(history["entries"]?.arrayValue?.map { $0["revision"] } == [2, 3, 4])
        #expect(history["entries"]?[2]?["cause"]?["params"] == ["revision": 1])
        #expect(h.call(a, "nav.goto")[0]["error"]?["data"]?["param"] == "revision")
    }

    @Test func resetOpensTheBootTreeWithFreshIDs() {
        let h = Harness(configuration: Self.configuration())
        let a = h.connect()
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 1]])
        let answer = h.call(a, "nav.reset", ["expectRevision": 2])[0]["result"]!
        #expect(answer["revision"] == 3)
        #expect(h.call(a, "nav.state")[0]["result"]?["root"]?["id"] == "f6")
        let entry = h.call(a, "nav.history", ["since": 2])[0]["result"]!["entries"]![0]!
        #expect(entry["cause"]?["method"] == "nav.reset" && entry["cause"]?["params"] == ["expectRevision": 2])
        #expect(h.call(a, "nav.reset", ["expectRevision": 2])[0]["error"]?["code"] == -32005)
    }

    @Test func gotoAndResetAreNotApplySteps() {
        let h = Harness(configuration: Self.configuration())
        let a = h.connect()
        for method in ["nav.goto", "nav.reset"] {
            let error = h.call(a, "nav.apply", ["ops": [["method": .string(method), "params": ["revision": 1]]]])[0]["error"]!
            #expect(error["code"] == -32602)
            #expect(error["data"]?["param"] == "ops[0].method")
        }
    }

    @Test func gotoAndResetAreRefusedWhileShuttingDown() {
        let h = Harness(configuration: Self.configuration())
        let a = h.connect()
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 1]])
        _ = h.server.shutdown(reason: "test")
        #expect(h.call(a, "nav.goto", ["revision": 1])[0]["error"]?["code"] == -32010)
        #expect(h.call(a, "nav.reset")[0]["error"]?["code"] == -32010)
        #expect(h.call(a, "nav.goto", ["revision": "x"])[0]["error"]?["code"] == -32010)
        #expect(h.call(a, "nav.history")[0]["result"]?["latest"] == 2)
    }
}

/// `nav.history` pages bounded in bytes (semantics.md 83): a page of big trees stops early with
/// whole entries and `more: true`, the client goes on with `since` = the last revision it got,
/// and the pages put together are the history a page without a bound answers. Before, one
/// page held every tree of its `limit` (1.2 GiB for 1,000 trees of 5,000 screens).
@Suite struct HistoryPageTests {
    static let bound = 16 << 10

    /// A navd whose history holds 60 routes, each tree bigger than the one before.
    func harness(pageBytes: Int) -> (Harness, ClientID) {
        var configuration = HistoryServerTests.configuration()
        configuration.historyPageBytes = pageBytes
        let h = Harness(configuration: configuration)
        let c = h.connect()
        for n in 1...60 { h.call(c, "nav.route", ["to": "post", "params": ["postId": .int(n)]]) }
        return (h, c)
    }

    /// Every page from `since` on, following `more`.
    func pages(_ h: Harness, _ c: ClientID, since: Int?, tree: Bool) -> [(entries: [JSONValue], bytes: Int)] {
        var pages: [(entries: [JSONValue], bytes: Int)] = []
        var params: JSONObject = ["limit": 1_000, "tree": .bool(tree)]
        if let since { params["since"] = .int(since) }
        while true {
            let result = h.call(c, "nav.history", .object(params))[0]["result"]!
            pages.append((result["entries"]!.arrayValue!, h.payloads[c]!.last!.bytes.count))
            guard result["more"] == true else { return pages }
            #expect(result["more"] == true && !pages.last!.entries.isEmpty)
            params["since"] = pages.last!.entries.last!["revision"]!
        }
    }

    @Test func aPageOfTreesStopsAtTheBoundWithWholeEntriesAndThePagesMakeTheHistory() {
        let (whole, w) = harness(pageBytes: .max)
        let expected = whole.call(w, "nav.history", ["since": 0, "limit": 1_000, "tree": true])[0]["result"]!
        #expect(expected["more"] == nil)
        let all = expected["entries"]!.arrayValue!
        #expect(all.count == 61 && all.allSatisfy { $0["root"] != nil })
        let (bounded, b) = harness(pageBytes: Self.bound)
        let pages = pages(bounded, b, since: 0, tree: true)
        #expect(pages.count > 10, "60 trees of up to 61 posts are far more than 16 KiB")
        #expect(pages.flatMap(\.entries) == all)
        var next = 0
        for (index, page) in pages.enumerated() {
            // The answer line: the entries within the bound, plus the envelope.
            #expect((page.entries.count > 1 || index == pages.count - 1) && page.bytes <= Self.bound + 128, "page \(index): \(page.bytes) bytes")
            next += page.entries.count
            if index < pages.count - 1 {
                // Stopped because the next entry would not fit, not before.
                let used = page.entries.reduce(0) { $0 + JSONWriter.string($1).utf8.count }
                #expect(used + JSONWriter.string(all[next]).utf8.count > Self.bound, "page \(index) stopped early")
            }
        }
    }

    @Test func withoutSinceThePageStartsAtTheNewestLimitAndGoesOnFromItsLast() {
        let (whole, w) = harness(pageBytes: .max)
        let newest = whole.call(w, "nav.history", ["limit": 30, "tree": true])[0]["result"]!["entries"]!.arrayValue!
        let (bounded, b) = harness(pageBytes: Self.bound)
        let first = bounded.call(b, "nav.history", ["limit": 30, "tree": true])[0]["result"]!
        #expect(first["more"] == true)
        let got = first["entries"]!.arrayValue!
        #expect(got == Array(newest.prefix(got.count)))
        let rest = pages(bounded, b, since: got.last!["revision"]!.intValue!, tree: true).flatMap(\.entries)
        #expect(got + rest.prefix(30 - got.count) == newest)
    }

    @Test func aPageHoldsOneEntryWhateverItsSizeAndTheBoundCountsEventsToo() {
        let (bounded, b) = harness(pageBytes: 1)
        let pages = pages(bounded, b, since: 50, tree: true)
        #expect(pages.map(\.entries.count) == Array(repeating: 1, count: 11))
        #expect(pages.map { $0.entries[0]["revision"] } == (51...61).map { .int($0) })
        let withoutTrees = self.pages(bounded, b, since: 50, tree: false)
        #expect(withoutTrees.map(\.entries.count) == Array(repeating: 1, count: 11))
        #expect(withoutTrees.allSatisfy { $0.entries[0]["root"] == nil })
    }
}
