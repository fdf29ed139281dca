import NavClient
import NavigationCore
import NavviewKit
import Testing
import NavJSON

/// History mode on the screen: the past revision's tree and events, the status line's
/// "rN of M · history · K behind live", the keys that would change navd refused, and live
/// again with `]` past the newest or Esc. The entries are what the real engine made.
@Suite("navview: history mode on the screen")
struct HistoryModeScreenTests {
    static let size = Size(rows: 20, columns: 100)

    /// A scenario and the history navd would keep of it.
    struct Recorded {
        var scenario: Scenario
        var past = Navigator(definition: .sample, instance: "9f2c41d0")
        var entries: [HistoryEntryView]

        init() throws {
            scenario = try Scenario()
            entries = [HistoryEntryView(
                revision: 1, at: 0, cause: HistoryCauseView(method: "daemon.start"),
                root: try FlowView(json: past.stateJSON["root"]!))]
        }

        mutating func step(_ method: String, _ params: JSONValue) throws {
            try scenario.step(method, params)
            let result = try past.perform(try NavOperation(method: method, params: params))
            entries.append(HistoryEntryView(
                revision: past.revision, at: 0,
                cause: HistoryCauseView(method: method, params: params.objectValue ?? [:], client: "navctl", clientID: "c2"),
                events: try NavEventView.list(result.jsonValue["events"]), root: try FlowView(json: past.stateJSON["root"]!)))
        }

        func answer(since: Int, limit: Int) -> HistoryView {
            HistoryView(entries: entries.filter { $0.revision > since }.prefix(limit).map { $0 }, oldest: 1, latest: entries.count)
        }
    }

    static func text(_ session: ViewerSession) -> [String] {
        session.screen(size: size).map { String($0.text.reversed().drop { $0 == " " }.reversed()) }
    }

    @Test func stepsBackShowsThatRevisionAndComesBackLive() throws {
        var recorded = try Recorded()
        try recorded.step("nav.route", ["to": "post", "params": ["postId": 5]])
        try recorded.step("nav.route", ["to": "post", "params": ["postId": 6]])
        try recorded.step("nav.selectTab", ["tab": "chats"])
        var session = ViewerSession(socket: "/tmp/navd.sock")
        session.model = recorded.scenario.model
        session.status.connection = .connected

        #expect(session.key(.character("["), size: Self.size) == .fetchHistory(since: 0, limit: 50))
        session.historyFetched(.success(recorded.answer(since: 0, limit: 50)), size: Self.size)
        var screen = Self.text(session)
        #expect(screen.last == " ● connected · r3 of 4 · history · 1 behind live · instance 9f2c41d0 · /tmp/navd.sock · ? help")
        #expect(screen.contains("│  ▶ s6 post postId=6 · push (zoom, animator zoom)"))
        #expect(screen.contains { $0.hasPrefix("── events of r3 (history) ──") })
        #expect(screen.contains { $0.hasPrefix("r3 nav.route by navctl (c2)") })
        #expect(screen.contains { $0.contains("enter s6 post postId=6") })

        // A key that would change navd is refused while in history; nothing is called.
        #expect(session.key(.character("b"), size: Self.size) == nil)
        #expect(Self.text(session).contains { $0.contains("history is read-only: Esc (or ] past the newest) returns to live") })

        // New revisions keep arriving: the status says how far behind live the shown one is.
        try recorded.step("nav.selectTab", ["tab": "feed"])
        session.model = recorded.scenario.model
        screen = Self.text(session)
        #expect(screen.last?.hasPrefix(" ● connected · r3 of 5 · history · 2 behind live") == true)

        // Back once more (from the window fetched: no request), forward, and past the newest.
        #expect(session.key(.character("["), size: Self.size) == nil)
        #expect(Self.text(session).last?.hasPrefix(" ● connected · r2 of 5 · history · 3 behind live") == true)
        #expect(session.key(.character("]"), size: Self.size) == nil)
        #expect(session.key(.character("]"), size: Self.size) == nil)
        #expect(session.key(.character("]"), size: Self.size) == .fetchHistory(since: 4, limit: 50))
        session.historyFetched(.success(recorded.answer(since: 4, limit: 50)), size: Self.size)
        #expect(Self.text(session).last?.hasPrefix(" ● connected · r5 of 5 · history · instance") == true)
        #expect(session.key(.character("]"), size: Self.size) == nil)
        #expect(session.travel.isLive)
        #expect(Self.text(session).last?.hasPrefix(" ● connected · revision 5 · instance") == true)

        // Esc from anywhere in history is live again; live, Esc changes nothing.
        _ = session.key(.character("["), size: Self.size)
        #expect(!session.travel.isLive)
        _ = session.key(.escape, size: Self.size)
        #expect(session.travel.isLive)
        #expect(session.key(.character("b"), size: Self.size) == .call(PromptCommand.Call(.close(screen: nil))))
    }

    @Test func atTheBootRevisionOrAfterAFailedFetchItStaysLive() throws {
        var scenario = try Scenario()
        var session = ViewerSession(socket: "/tmp/navd.sock")
        session.model = scenario.model
        #expect(session.key(.character("["), size: Self.size) == nil)
        #expect(session.model.events.last == .warning("r1 is the oldest revision navd keeps"))
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        session.model = scenario.model
        #expect(session.key(.character("["), size: Self.size) == .fetchHistory(since: 0, limit: 50))
        session.historyFetched(.failure(.disconnected("navd went away")), size: Self.size)
        #expect(session.travel.isLive && session.travel.wanted == nil)
        #expect(session.model.events.last == .warning("nav.history: \(NavClientError.disconnected("navd went away"))"))
    }
}
