import NavClient
@testable import NavctlKit
import NavigationCore
import NavProtocol
import Testing
import NavJSON

/// `navctl history --script`: causes become the navctl commands that send them again, ids
/// are written by what they stood for in the tree before them, each command is followed by
/// `expect top` of its revision, and the script starts from the right state.
@Suite("history --script: a replayable script from fixed entries")
struct ReplayScriptTests {
    /// A recording made with the real engine: every revision's cause in canonical form and its tree.
    struct Recording {
        var navigator = Navigator(definition: .sample, instance: "9f2c41d0")
        var entries: [HistoryEntryView] = []

        init() throws {
            entries.append(try entry(1, HistoryCauseView(method: "daemon.start")))
        }

        func entry(_ revision: Int, _ cause: HistoryCauseView) throws -> HistoryEntryView {
            HistoryEntryView(
                revision: revision, at: 1_700_000_000_000 + revision, cause: cause,
                root: try FlowView(json: navigator.stateJSON["root"]!, at: "$.root"))
        }

        mutating func record(_ operation: NavOperation, client: String? = "navctl", id: String? = "c2") throws {
            _ = try navigator.perform(operation)
            let cause = HistoryCauseView(
                method: RPCMethod(operation).rawValue, params: operation.requestParams, client: client, clientID: id)
            entries.append(try entry(entries.count + 1, cause))
        }
    }

    static func session() throws -> Recording {
        var recording = try Recording()
        try recording.record(.route(RouteRequest(to: "post", params: ["postId": 5], expectRevision: 1)))
        try recording.record(.route(RouteRequest(to: "profile", params: ["userId": 42], transition: "modal", from: ScreenID("s5"))))
        try recording.record(.close(screen: ScreenID("s6")))
        try recording.record(.selectTab(.name("chats"), flow: FlowID("f1")))
        try recording.record(.route(RouteRequest(to: "chat", params: ["chatId": "c9"])))
        try recording.record(.popTo(screen: .id(ScreenID("s3")!)))
        return recording
    }

    @Test func aSessionFromBootStartsWithReset() throws {
        let recording = try Self.session()
        let script = ReplayScript(source: "/tmp/navd.sock", fetched: recording.entries, after: nil)
        #expect(script.text == """
            # navctl history --script: r1–r7 recorded from navd at /tmp/navd.sock; replay with navctl run
            reset
            expect top feedList
            route post postId=5
            expect top post postId=5
            route profile userId=42 --transition modal
            expect top profile userId=42 section=posts
            close
            expect top post postId=5
            tab chats
            expect top chatList
            route chat chatId=c9
            expect top chat chatId=c9
            pop-to chatList
            expect top chatList

            """)
    }

    /// A goto to a revision the script remakes is written as how far back it is (the replaying
    /// navd numbers its revisions its own way); one to a revision before the script stays a
    /// number, with a note.
    @Test func aGotoIsWrittenAsHowFarBack() throws {
        var recording = try Self.session()
        try recording.record(.route(RouteRequest(to: "chat", params: ["chatId": "c1"])))
        // The entries' trees are the current one: the test is about the command lines.
        let goto = { (revision: Int) in HistoryCauseView(method: "nav.goto", params: ["revision": .int(revision)], client: "navctl", clientID: "c3") }
        var entries = recording.entries
        entries.append(try recording.entry(entries.count + 1, goto(3)))
        entries.append(try recording.entry(entries.count + 1, goto(8)))
        let whole = ReplayScript(source: "/tmp/navd.sock", fetched: entries, after: nil).lines
        #expect(whole.suffix(6) == ["# r9: goto r3", "goto --back 5", "expect top chat chatId=c1", "# r10: goto r8", "goto --back 1", "expect top chat chatId=c1"])
        // From r6 on, r3 is not remade: its number stays, with why.
        let tail = ReplayScript(source: "/tmp/navd.sock", fetched: Array(entries[5...]), after: 6).lines
        #expect(tail.contains("# r9: goto names the recording's revision 3, which the script does not remake; the replaying navd numbers its revisions its own way"))
        #expect(tail.contains("goto 3") && tail.contains("goto --back 1"))
    }

    @Test func sessionSetReplaysAsSessionSet() {
        let cause = HistoryCauseView(method: "session.set", params: ["flags": ["signedIn": true, "premium": false], "expectRevision": 4])
        #expect(ReplayScript.command(for: cause, before: nil).line == "session set signedIn=true premium=false")
        let odd = HistoryCauseView(method: "session.set", params: ["flags": ["signedIn": "yes"]])
        #expect(ReplayScript.command(for: odd, before: nil).line == #"call session.set '{"flags":{"signedIn":"yes"}}'"#)
    }

    /// Each cause is decoded as navd reads a request's params: navd's own revisions replay as
    /// `reset`, and a method or params this navctl cannot read are sent again as they were.
    @Test func causesAreDecodedBeforeTheyAreReplayed() {
        let migrate = HistoryCauseView(method: "daemon.migrate", params: ["problems": ["screen gone"]])
        #expect(migrate.kind == .daemon(.migrate))
        #expect(ReplayScript.command(for: migrate, before: nil).line == "reset")
        #expect(ReplayScript.opensBootTree(migrate) && ReplayScript.opensBootTree(HistoryCauseView(method: "nav.reset")))
        let newer = HistoryCauseView(method: "nav.teleport", params: ["to": "post"])
        #expect(newer.kind == .unknown)
        #expect(ReplayScript.command(for: newer, before: nil).line == #"call nav.teleport '{"to":"post"}'"#)
        let unreadable = HistoryCauseView(method: "nav.route", params: ["to": 5])
        #expect(unreadable.kind == .unknown)
        #expect(ReplayScript.command(for: unreadable, before: nil).line == #"call nav.route '{"to":5}'"#)
        let tab = HistoryCauseView(method: "nav.selectTab", params: ["tab": 2, "expectRevision": 3])
        #expect(tab.kind == .call(.operation(.selectTab(.index(2), flow: nil, expectRevision: 3))))
        #expect(ReplayScript.command(for: tab, before: nil).line == "tab 2")
    }

    @Test func aRangeInTheMiddleStartsFromTheRevisionBefore() throws {
        let recording = try Self.session()
        let script = ReplayScript(source: "/tmp/navd.sock", fetched: Array(recording.entries[3...]), after: 4)
        #expect(script.lines.prefix(4) == [
            "# navctl history --script: r5–r7 recorded from navd at /tmp/navd.sock; replay with navctl run",
            "# starts from the state of r4 (top: post postId=5); on the navd it came from: navctl goto 4",
            "expect top post postId=5",
            "tab chats",
        ])
        // Without an entry before the range, the first entry is the state to start from.
        let headless = ReplayScript(source: "s", fetched: Array(recording.entries[3...]), after: nil)
        #expect(headless.before?.revision == 4)
        #expect(headless.entries.map(\.revision) == [5, 6, 7])
    }

    @Test func idsNothingElseNamesStayWithANote() throws {
        var recording = try Recording()
        try recording.record(.route(RouteRequest(to: "post", params: ["postId": 5])))
        try recording.record(.route(RouteRequest(to: "post", params: ["postId": 6])))
        try recording.record(.route(RouteRequest(to: "post", params: ["postId": 7])))
        // s6 is a post but not the nearest post from the top: its name would find s7.
        try recording.record(.popTo(screen: .id(ScreenID("s6")!), inclusive: true))
        try recording.record(.apply([.route(RouteRequest(to: "post", params: ["postId": 8])), .close(screen: nil)]))
        try recording.record(.deeplink(url: "social://posts/9?ref=it's"))
        let lines = ReplayScript(source: "s", fetched: recording.entries, after: 4).lines
        #expect(Array(lines.dropFirst(2)) == [
            "expect top post postId=7",
            "# r5: s6 (post) is the recording's id: this line replays only where the ids are the same",
            "pop-to s6 --inclusive",
            "expect top post postId=5",
            #"call nav.apply '{"ops":[{"method":"nav.route","params":{"to":"post","params":{"postId":8}}},{"method":"nav.close","params":{}}]}'"#,
            "expect top post postId=5",
            #"deeplink 'social://posts/9?ref=it'\''s'"#,
            "expect top post postId=9",
        ])
    }

    /// An event the definition handled is emitted again; one a listener handled becomes the
    /// steps it was (the listener may not be there when the script runs).
    @Test func eventsReplayAsEmitsOrAsTheirSteps() {
        let steps: [JSONValue] = [["method": "nav.route", "params": ["to": "profile", "params": ["userId": 42]]]]
        let byDefinition = HistoryCauseView(
            method: "event.emit", params: ["name": "userTapped", "payload": ["userId": 42]], client: "navctl", clientID: "c2",
            event: EventCauseView(name: "userTapped", by: "definition", steps: steps))
        #expect(ReplayScript.command(for: byDefinition, before: nil) == ReplayScript.Command(line: "emit userTapped userId=42"))
        var byListener = byDefinition
        byListener.event?.by = "c3"
        #expect(ReplayScript.command(for: byListener, before: nil) == ReplayScript.Command(
            line: #"call nav.apply '{"ops":[{"method":"nav.route","params":{"to":"profile","params":{"userId":42}}}]}'"#,
            notes: ["event userTapped was handled by listener c3: its steps are replayed"]))
    }

    @Test func quotedWordsSplitBackToThemselves() {
        for word in ["plain", "two words", "it's", #"{"a":"b c"}"#, "#hash", "a\\b", ""] {
            #expect(WordSplitter.split("x " + ScriptWord.quoted(word)) == .success(["x", word]))
        }
    }
}
