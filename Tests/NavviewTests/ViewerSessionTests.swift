import NavClient
import NavigationCore
import NavviewKit
import Testing

/// Keys in, effects out: scrolling, quitting, the keys that call navd, the `:` prompt, and
/// how a call's outcome shows in the event pane.
@Suite("ViewerSession: keys and effects")
struct ViewerSessionTests {
    static let size = Size(rows: 16, columns: 40)

    static func session(_ scenario: Scenario) -> ViewerSession {
        var session = ViewerSession(socket: "/tmp/navd-1000/navd.sock")
        session.model = scenario.model
        session.status.connection = .connected
        return session
    }

    @Test func quitAndTheKeysThatCallNavd() throws {
        var session = Self.session(try Scenario())
        #expect(session.key(.character("q"), size: Self.size) == .quit)
        #expect(session.key(.character("b"), size: Self.size) == .call(PromptCommand.Call(.close(screen: nil))))
        // A key's call is its operation, sent by the typed call; it reads as the method and params it sends.
        #expect(PromptCommand.Call(.selectTab(.index(1), flow: FlowID("f1"))).method == "nav.selectTab")
        #expect(PromptCommand.Call(.selectTab(.index(1), flow: FlowID("f1"))).params == ["tab": 1, "flow": "f1"])
        #expect(session.key(.character("t"), size: Self.size)
            == .call(PromptCommand.Call(.selectTab(.index(1), flow: FlowID("f1")))))
        #expect(session.key(.character("r"), size: Self.size) == .refetch)
        #expect(session.key(.character("z"), size: Self.size) == nil)
    }

    @Test func tabsCycleBackToTheFirst() throws {
        var scenario = try Scenario()
        try scenario.step("nav.selectTab", ["tab": "settings"])
        var session = Self.session(scenario)
        #expect(session.key(.character("t"), size: Self.size)
            == .call(PromptCommand.Call(.selectTab(.index(0), flow: FlowID("f1")))))
    }

    @Test func withoutTabsTSaysSo() throws {
        var session = Self.session(try Scenario(appJSON: studioAppJSON))
        #expect(session.key(.character("t"), size: Self.size) == nil)
        #expect(session.model.events.last == .warning("t: there is no tabs flow on the visible path"))
    }

    @Test func scrollKeysStayInRange() throws {
        var scenario = try Scenario()
        for postId in 1...12 { try scenario.step("nav.route", ["to": "post", "params": ["postId": .int(postId)]]) }
        var session = Self.session(scenario)
        session.follow(size: Self.size)
        #expect(session.scroll == 9)
        _ = session.key(.home, size: Self.size)
        #expect(session.scroll == 0)
        _ = session.key(.up, size: Self.size)
        #expect(session.scroll == 0)
        _ = session.key(.down, size: Self.size)
        _ = session.key(.character("j"), size: Self.size)
        #expect(session.scroll == 2)
        _ = session.key(.pageDown, size: Self.size)
        #expect(session.scroll == 9)
        _ = session.key(.pageDown, size: Self.size)
        _ = session.key(.pageDown, size: Self.size)
        #expect(session.scroll == 14)
        _ = session.key(.character("k"), size: Self.size)
        #expect(session.scroll == 13)
        _ = session.key(.end, size: Self.size)
        #expect(session.scroll == 14)
        _ = session.key(.pageUp, size: Self.size)
        #expect(session.scroll == 7)
    }

    @Test func thePromptEditsAndCalls() throws {
        var session = Self.session(try Scenario())
        #expect(session.key(.character(":"), size: Self.size) == nil)
        #expect(session.currentStatus.prompt == "")
        for character in #"nav.popToRoot {}x"# { _ = session.key(.character(character), size: Self.size) }
        _ = session.key(.backspace, size: Self.size)
        // q types a q while the prompt is open; it does not quit.
        #expect(session.key(.character("q"), size: Self.size) == nil)
        _ = session.key(.backspace, size: Self.size)
        #expect(session.screen(size: Self.size).last?.text.hasPrefix(":nav.popToRoot {}") == true)
        #expect(session.key(.enter, size: Self.size) == .call(PromptCommand.Call(method: "nav.popToRoot", params: [:])))
        #expect(session.prompt == nil)
    }

    @Test func escapeCancelsAndAMistakeIsExplained() throws {
        var session = Self.session(try Scenario())
        _ = session.key(.character(":"), size: Self.size)
        _ = session.key(.character("x"), size: Self.size)
        _ = session.key(.escape, size: Self.size)
        #expect(session.prompt == nil)
        _ = session.key(.character(":"), size: Self.size)
        for character in "nav.route [" { _ = session.key(.character(character), size: Self.size) }
        #expect(session.key(.enter, size: Self.size) == nil)
        guard case .warning(let message)? = session.model.events.last else {
            Issue.record("no warning after a malformed prompt")
            return
        }
        #expect(message.hasPrefix("the params are not JSON"))
    }

    @Test func callOutcomesShowInTheEventPane() throws {
        var session = Self.session(try Scenario())
        let close = PromptCommand.Call(method: "nav.close", params: [:])
        session.called(close, result: .success(["revision": 8, "closed": ["s5"], "finished": [], "events": []]))
        session.called(close, result: .failure(.rpc(RPCError(
            code: .nothingToClose, message: "screen s1 is a root: it was not opened by a transition", data: ["reason": "nothingToClose"]))))
        session.called(PromptCommand.Call(method: "nav.selectTab", params: ["tab": 0]), result: .success(["revision": 8, "noop": true, "events": []]))
        session.called(PromptCommand.Call(method: "nav.url", params: [:]), result: .success(["url": "social://feed"]))
        session.called(close, result: .failure(.disconnected("navd closed the connection")))
        #expect(session.model.events.suffix(5).map { $0.line().text } == [
            "— nav.close — revision 8",
            "— nav.close: screen s1 is a root: it was not opened by a transition (nothingToClose)",
            "— nav.selectTab: nothing changed",
            #"— nav.url — {"url":"social://feed"}"#,
            "— nav.close: connection to navd lost: navd closed the connection",
        ])
    }
}
