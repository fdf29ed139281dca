import NavClient
import NavigationCore
import NavviewKit
import Testing
import NavJSON

/// Both viewers read notifications through `ViewerModel.received`: a change moves the tree,
/// an unreadable one asks for a re-fetch, a shutdown says its reason, anything else is ignored.
@Suite("ViewerModel: notifications")
struct ViewerNotificationTests {
    @Test func eachNotificationAsksForWhatItMeans() throws {
        var scenario = try Scenario()
        _ = try scenario.navigator.perform(.route(RouteRequest(to: "post", params: ["postId": 5])))
        var model = scenario.model
        let changed = ServerNotification(method: "nav.changed", params: [
            "revision": 2, "baseRevision": 1, "root": scenario.navigator.stateJSON["root"] ?? nil,
            "changes": [["revision": 2, "cause": ["method": "nav.route", "client": "navctl", "clientId": "c2"], "events": []]],
        ])
        #expect(model.received(changed) == .changed(.applied(summary: "nav.route by navctl (c2)")))
        #expect(model.state == (try scenario.state))
        #expect(model.received(ServerNotification(method: "nav.changed", params: ["revision": 3]))
            == .changed(.refetch(reason: "unreadable update")))
        #expect(model.events.last == .warning("an update navd sent could not be read ($: missing 'baseRevision'); re-fetching the state"))
        #expect(model.received(ServerNotification(method: "daemon.shutdown", params: ["reason": "SIGTERM"])) == .shutdown(reason: "SIGTERM"))
        #expect(model.received(ServerNotification(method: "daemon.shutdown", params: [:])) == .shutdown(reason: "no reason given"))
        let before = model.events
        #expect(model.received(ServerNotification(method: "nav.somethingNew", params: [:])) == .ignored)
        #expect(model.events == before)
    }
}
