import NavClient
@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// `navctl history`: one aligned line per revision, its cause shortly, who made it and its
/// events shortly, from fixed entries.
@Suite("history: one line per revision")
struct HistoryTextTests {
    static let enterPost = NavEventView(
        kind: .enter, screen: "s5", name: "post", params: ["postId": 5], flow: "f2",
        via: TransitionView(kind: "push"))

    @Test func aHistoryAsLines() {
        let history = HistoryView(
            entries: [
                HistoryEntryView(revision: 1, at: 1_700_000_000_000, cause: HistoryCauseView(method: "daemon.start")),
                HistoryEntryView(
                    revision: 2, at: 1_700_000_001_000,
                    cause: HistoryCauseView(method: "nav.route", params: ["to": "post", "params": ["postId": 5]], client: "navctl", clientID: "c2"),
                    events: [
                        NavEventView(kind: .willHide, screen: "s1", name: "feedList"), Self.enterPost,
                        NavEventView(kind: .willShow, screen: "s5", name: "post"),
                    ]),
                HistoryEntryView(
                    revision: 10, at: 1_700_000_002_000, cause: HistoryCauseView(method: "nav.close", clientID: "c3"),
                    events: [NavEventView(kind: .willHide, screen: "s5", name: "post")]),
            ],
            oldest: 1, latest: 10)
        #expect(HistoryText.render(history) == """
            r1   daemon.start                           navd         no events
            r2   nav.route to=post params={"postId":5}  navctl (c2)  3 events: enter s5 post postId=5 (push)
            r10  nav.close                              c3           1 event
            """)
    }

    @Test func longParamsAreCutAndManyEventsCounted() {
        let cause = HistoryCauseView(method: "nav.deeplink", params: ["url": .string("social://posts/5?" + String(repeating: "x", count: 60))])
        #expect(HistoryText.cause(cause) == "nav.deeplink url=social://posts/5?" + String(repeating: "x", count: 26) + "…")
        let events = (1...5).map { NavEventView(kind: .flowStarted, name: "f\($0)", flow: "f\($0)") }
        #expect(HistoryText.events(events) == "5 events: flowStarted f1 f1, flowStarted f2 f2, flowStarted f3 f3, …")
    }

    @Test func anEmptyRangeSaysWhatNavdKeeps() {
        #expect(HistoryText.render(HistoryView(entries: [], oldest: 3, latest: 9)) == "no revisions in that range (navd keeps r3–r9)")
        #expect(HistoryText.render(HistoryView(entries: [], oldest: nil, latest: 9)) == "no revisions in that range (navd keeps no history)")
    }

    @Test func theWireShapeDecodes() throws {
        let json = try JSONParser.parse("""
            {"entries":[{"revision":2,"at":1700000001000,"cause":{"method":"nav.close","params":{"screen":"s5"},"client":null,"clientId":"c4"},
            "events":[{"type":"willHide","screen":"s5","name":"post","flow":"f2"}]}],"oldest":1,"latest":2}
            """)
        let history = try HistoryView(json: json)
        #expect(history.entries == [HistoryEntryView(
            revision: 2, at: 1_700_000_001_000, cause: HistoryCauseView(method: "nav.close", params: ["screen": "s5"], clientID: "c4"),
            events: [NavEventView(kind: .willHide, screen: "s5", name: "post", flow: "f2")])])
        #expect(history.oldest == 1 && history.latest == 2)
        let unordered = try JSONParser.parse("""
            {"entries":[{"revision":3,"at":0,"cause":{"method":"nav.close"},"events":[]},{"revision":2,"at":0,"cause":{"method":"nav.close"},"events":[]}],"latest":3}
            """)
        #expect(throws: ViewDecodingError(path: "$.entries", message: "entries must be oldest first: revision 2 follows 3")) {
            try HistoryView(json: unordered)
        }
    }
}
