import NavClient
@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// Events and `watch` lines as exact text.
@Suite("Events and watch lines")
struct EventTextTests {
    @Test func everyKindOfEvent() {
        let push = TransitionView(kind: "push", name: "zoom", animator: "zoom", direction: "push")
        #expect(EventText.segment(NavEventView(kind: .willHide, screen: "s1", name: "feedList", flow: "f2")) == "willHide s1 feedList")
        #expect(EventText.segment(NavEventView(kind: .enter, screen: "s5", name: "post", params: ["postId": 5], flow: "f2", via: push))
            == "enter s5 post postId=5 (push via zoom)")
        #expect(EventText.segment(NavEventView(kind: .enter, screen: "s1", name: "feedList", flow: "f2")) == "enter s1 feedList")
        #expect(EventText.segment(NavEventView(
            kind: .exit, screen: "s6", name: "profile", params: ["userId": 42], flow: "f6",
            via: TransitionView(kind: "modal", direction: "dismiss"))) == "exit s6 profile userId=42 (dismiss)")
        #expect(EventText.segment(NavEventView(kind: .flowStarted, name: nil, flow: "f6")) == "flowStarted f6")
        #expect(EventText.segment(NavEventView(kind: .flowFinished, name: "login", flow: "f7", result: ["ok": true]))
            == #"flowFinished f7 login result={"ok":true}"#)
        #expect(EventText.segment(NavEventView(kind: .flowFinished, name: "login", flow: "f7", result: .null)) == "flowFinished f7 login")
        #expect(EventText.segment(NavEventView(kind: .tabSelected, name: "chats", flow: "f1", tab: 2)) == "tabSelected f1 chats")
        #expect(EventText.segment(NavEventView(kind: .tabSelected, flow: "f1", tab: 2)) == "tabSelected f1 2")
    }

    @Test func transitionsSayWhatTheDirectionDoesNot() {
        #expect(TransitionText.event(TransitionView(kind: "push", direction: "push")) == "(push)")
        #expect(TransitionText.event(TransitionView(kind: "push", direction: "pop")) == "(pop)")
        #expect(TransitionText.event(TransitionView(kind: "modal", direction: "present")) == "(present)")
        #expect(TransitionText.event(TransitionView(kind: "modalWithNavigation", direction: "dismiss"))
            == "(dismiss via modalWithNavigation)")
        #expect(TransitionText.event(TransitionView(kind: "modal", name: "sheet", animator: "sheet", direction: "present"))
            == "(present via sheet)")
        #expect(TransitionText.event(TransitionView(kind: "modal", name: "zoom", animator: "zoom", fallback: true, direction: "present"))
            == "(present via zoom, fallback)")
        #expect(TransitionText.event(TransitionView(kind: "modal", fallback: true, direction: "present")) == "(present, fallback)")
    }

    @Test func watchLines() throws {
        let changed = try NavChangedView(json: [
            "revision": 3, "baseRevision": 1,
            "changes": [
                [
                    "revision": 2, "cause": ["method": "nav.route", "client": "navctl", "clientId": "c2"],
                    "events": [
                        ["type": "willHide", "screen": "s1", "name": "feedList", "params": [:], "flow": "f2"],
                        ["type": "enter", "screen": "s5", "name": "post", "params": ["postId": 5], "flow": "f2",
                         "via": ["kind": "push", "name": "zoom", "animator": "zoom", "direction": "push"]],
                        ["type": "willShow", "screen": "s5", "name": "post", "params": ["postId": 5], "flow": "f2"],
                    ],
                ],
                ["revision": 3, "cause": ["method": "nav.selectTab", "client": nil, "clientId": "c7"]],
                ["revision": 4, "cause": ["method": "event.emit", "client": "feedModule", "clientId": "c1", "event": "userTapped",
                                          "by": "definition", "steps": [["method": "nav.route", "params": ["to": "profile"]]]],
                 "events": []],
            ],
        ])
        #expect(changed.changes.map(EventText.watchLine) == [
            "r2 nav.route by navctl: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post",
            "r3 nav.selectTab by c7",
            "r4 event userTapped by feedModule → nav.route profile, handled by definition: no events",
        ])
    }

    @Test func watchPrinterCountsRevisionsAndSaysShutdown() {
        var printer = WatchPrinter(json: false, limit: 2)
        let change: (Int) -> JSONValue = { revision in
            ["revision": .int(revision), "cause": ["method": "nav.close", "client": "a", "clientId": "c2"], "events": []]
        }
        let lines = printer.lines(for: ServerNotification(
            method: "nav.changed",
            params: ["revision": 4, "baseRevision": 1, "truncated": true, "changes": [change(3), change(4)]]))
        #expect(lines == [
            "(revisions 2…4 came together; the oldest were left out)",
            "r3 nav.close by a: no events",
            "r4 nav.close by a: no events",
        ])
        #expect(printer.isDone)
        #expect(printer.lines(for: ServerNotification(method: "daemon.shutdown", params: ["reason": "SIGTERM"]))
            == ["navd is shutting down (SIGTERM)"])
        #expect(printer.sawShutdown)

        var raw = WatchPrinter(json: true, limit: nil)
        #expect(raw.lines(for: ServerNotification(method: "daemon.shutdown", params: ["reason": "SIGINT"]))
            == [#"{"jsonrpc":"2.0","method":"daemon.shutdown","params":{"reason":"SIGINT"}}"#])
    }

    @Test func paramValues() {
        #expect(ParamText.pairs(["a": 1, "b": "x", "c": true, "d": 2.5, "e": "", "f": "two words", "g": nil]) == #"a=1 b=x c=true d=2.5 e="" f="two words" g=null"#)
        #expect(ParamText.named("feedList", [:]) == "feedList")
    }
}
