import NavClient
import NavigationCore
import NavviewKit
import Testing
import NavJSON

/// The viewer's model follows the subscription's revision chain (docs/protocol.md): it applies
/// what chains, asks for `nav.state` on a gap, ignores what a re-fetch already covered, and
/// says so in the event pane.
@Suite("ViewerModel: the revision chain")
struct ViewerModelTests {
    static func changed(_ revision: Int, base: Int, root: JSONValue?, changes: [Int]? = nil) throws -> NavChangedView {
        var params: JSONObject = ["revision": .int(revision), "baseRevision": .int(base)]
        params["changes"] = .array((changes ?? Array((base + 1)...revision)).map {
            ["revision": .int($0), "cause": ["method": "nav.route", "client": "navctl", "clientId": "c2"], "events": []]
        })
        if let root { params["root"] = root }
        return try NavChangedView(json: .object(params))
    }

    @Test func updatesThatChainAreApplied() throws {
        var scenario = try Scenario()
        try scenario.step("nav.route", ["to": "post", "params": ["postId": 5]])
        #expect(scenario.model.chain == 2)
        #expect(scenario.model.state == (try scenario.state))
    }

    @Test func aGapAsksForTheStateAndTheChainGoesOn() throws {
        var scenario = try Scenario()
        _ = try scenario.navigator.perform(try NavOperation(method: "nav.route", params: ["to": "post", "params": ["postId": 5]]))
        _ = try scenario.navigator.perform(try NavOperation(method: "nav.close", params: [:]))
        let root = scenario.navigator.stateJSON["root"]
        var model = scenario.model
        // Revision 2 never arrived: an update based on 2 is a gap.
        #expect(model.changed(try Self.changed(3, base: 2, root: root)) == .refetch(
            reason: "gap: an update from revision 2 while the last one was 1"))
        #expect(model.state?.revision == 1)
        #expect(model.events.last == .warning("gap: an update from revision 2 while the last one was 1; re-fetching the state"))
        model.refetched(try scenario.state)
        #expect(model.state?.revision == 3)
        // The chain goes on from the update that showed the gap.
        #expect(model.chain == 3)
        _ = try scenario.navigator.perform(try NavOperation(method: "nav.selectTab", params: ["tab": "chats"]))
        #expect(model.changed(try Self.changed(4, base: 3, root: scenario.navigator.stateJSON["root"]))
            == .applied(summary: "nav.route by navctl (c2)"))
        #expect(model.state?.revision == 4)
    }

    @Test func whatARefetchCoveredIsStale() throws {
        var scenario = try Scenario()
        var model = scenario.model
        _ = try scenario.navigator.perform(try NavOperation(method: "nav.route", params: ["to": "post", "params": ["postId": 5]]))
        // A re-fetch (the `r` key) saw revision 2 before its notification was read.
        model.refetched(try scenario.state)
        let before = model.events.count
        #expect(model.changed(try Self.changed(2, base: 1, root: scenario.navigator.stateJSON["root"])) == .stale)
        #expect(model.events.count == before)
        #expect(model.chain == 2)
    }

    @Test func anUpdateWithoutItsTreeIsRefetched() throws {
        var model = try Scenario().model
        #expect(model.changed(try Self.changed(2, base: 1, root: nil)) == .refetch(reason: "no tree in the update"))
        #expect(model.events.suffix(2) == [
            .revision(2, cause: ChangeCauseView(method: "nav.route", client: "navctl", clientID: "c2")),
            .warning("revision 2 came without its tree; re-fetching the state"),
        ])
    }

    @Test func beforeASubscriptionEveryUpdateIsRefetched() throws {
        var model = ViewerModel()
        #expect(model.changed(try Self.changed(2, base: 1, root: nil)) == .refetch(reason: "an update arrived before the subscription"))
        #expect(model.unreadable(ViewDecodingError(path: "$.root", message: "missing 'id'"))
            == .refetch(reason: "unreadable update"))
    }

    @Test func reconnectingSaysWhetherNavdRestarted() throws {
        let first = try Scenario()
        var model = first.model
        model.disconnected("navd closed the connection")
        #expect(model.chain == nil)
        #expect(model.subscribed(try first.state) == .reconnected)
        var restarted = try NavStateView(json: Navigator(definition: .sample, instance: "0badf00d").stateJSON)
        model.disconnected("navd closed the connection")
        #expect(model.subscribed(restarted) == .newInstance(previous: "9f2c41d0"))
        restarted.revision = 1
        #expect(model.state == restarted)
        #expect(model.chain == 1)
        #expect(model.events == [
            .note("subscribed at revision 1 (instance 9f2c41d0)"),
            .warning("disconnected: navd closed the connection"),
            .note("reconnected at revision 1"),
            .warning("disconnected: navd closed the connection"),
            .note("connected to a new navd instance 0badf00d at revision 1 (was 9f2c41d0)"),
        ])
    }

    @Test func theEventPaneKeepsTheMostRecentLines() throws {
        var model = ViewerModel(capacity: 4)
        for n in 1...6 { model.note("n\(n)") }
        #expect(model.events == [.note("n3"), .note("n4"), .note("n5"), .note("n6")])
    }
}
