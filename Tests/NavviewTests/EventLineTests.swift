import NavClient
import NavigationCore
import NavviewKit
import Testing

/// The event pane's lines, one per revision, event or note, as exact text.
@Suite("Event pane lines")
struct EventLineTests {
    static func texts(_ lines: [EventLine]) -> [String] { lines.map { $0.line().text } }

    @Test func aRouteWithACustomTransition() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]], by: "navctl", id: "c7")
        #expect(Self.texts(Array(scenario.model.events.dropFirst())) == [
            "r2 nav.route by navctl (c7)",
            "  willHide s1 feedList",
            "  enter s5 post postId=5 · push (zoom, animator zoom)",
            "  willShow s5 post postId=5",
        ])
    }

    @Test func flowsStartingAndFinishingAndModalsDismissed() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "compose", "params": ["draft": "hi"]])
        try scenario.step("nav.route", ["to": "photoPicker"])
        let start = scenario.model.events.count
        try scenario.step("nav.dismissAll", by: "tour", id: "c4")
        #expect(Self.texts(Array(scenario.model.events[start...])) == [
            "r4 nav.dismissAll by tour (c4)",
            "  willHide s6 photoPicker",
            "  exit s6 photoPicker · dismiss modal (sheet, animator sheet)",
            "  flowFinished f7 anonymous",
            #"  exit s5 composePost draft=hi · dismiss modal"#,
            "  flowFinished f6 compose",
            "  willShow s1 feedList",
        ])
    }

    @Test func tabsPopsAndDeepLinks() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        let start = scenario.model.events.count
        try scenario.step("nav.deeplink", ["url": "social://chats/c9"])
        try scenario.step("nav.close")
        #expect(Self.texts(Array(scenario.model.events[start...])) == [
            "r3 nav.deeplink by navctl (c2)",
            "  willHide s5 post postId=5",
            "  tabSelected f1 chats (tab 2)",
            #"  enter s6 chat chatId=c9 · push"#,
            #"  willShow s6 chat chatId=c9"#,
            "r4 nav.close by navctl (c2)",
            #"  willHide s6 chat chatId=c9"#,
            #"  exit s6 chat chatId=c9 · pop"#,
            "  willShow s3 chatList",
        ])
    }

    @Test func aFinishedFlowWithAResultAndAnAnonymousClient() throws {
        let finished = NavEventView(kind: .flowFinished, name: "login", flow: "f9", result: ["ok": true])
        let cause = ChangeCauseView(method: "flow.finish", client: nil, clientID: "c12")
        #expect(Self.texts([.revision(9, cause: cause), .event(finished)]) == [
            "r9 flow.finish by c12",
            #"  flowFinished f9 login result={"ok":true}"#,
        ])
    }

    /// An event's revision says which event, who emitted it, the steps it became and who
    /// handled it (a listener's client id or the definition).
    @Test func anEventsRevisionNamesTheEventItsStepsAndItsHandler() throws {
        let changed = try NavChangedView(json: [
            "revision": 7, "baseRevision": 6,
            "changes": [[
                "revision": 7,
                "cause": ["method": "event.emit", "client": "feedModule", "clientId": "c1", "event": "postTapped", "by": "c4",
                          "steps": [["method": "nav.route", "params": ["to": "post", "params": ["postId": 7]]],
                                    ["method": "nav.deeplink", "params": ["url": "social://feed"]], ["method": "nav.close"]]],
            ]],
        ])
        let line = EventLine.revision(7, cause: changed.changes[0].cause).line()
        #expect(line.text == "r7 event postTapped by feedModule (c1) → nav.route post, nav.deeplink social://feed, nav.close, handled by c4")
        #expect(EventLine.revision(7, cause: changed.changes[0].cause).line(glyphs: .ascii).text
            == "r7 event postTapped by feedModule (c1) -> nav.route post, nav.deeplink social://feed, nav.close, handled by c4")
        #expect(line.spans.contains(Span(start: 3, count: "event postTapped".count, style: Style(colour: .cyan))))
    }

    @Test func notesAndWarnings() {
        let note = EventLine.note("subscribed at revision 1").line()
        let warning = EventLine.warning("gap").line()
        #expect(note.text == "— subscribed at revision 1")
        #expect(note.spans == [Span(start: 0, count: note.count, style: .dim)])
        #expect(warning.spans == [Span(start: 0, count: warning.count, style: Style(bold: true, colour: .red))])
        #expect(EventLine.note("x").line(glyphs: .ascii).text == "- x")
    }

    @Test func eventColoursTellAddingFromRemoving() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        let lines = scenario.model.events.suffix(3).map { $0.line() }
        #expect(lines.map { $0.spans.first?.style.colour } == [.magenta, .green, .green])
    }
}
