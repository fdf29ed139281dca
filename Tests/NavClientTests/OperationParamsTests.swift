import NavClient
import NavigationCore
import NavJSON
import NavProtocol
import Testing

/// The params an operation is sent with: the wire shape of docs/operations.md, every field
/// named as navd reads it, defaults left out.
@Suite("NavOperation: method and params on the wire")
struct OperationParamsTests {
    static func wire(_ operation: NavOperation) -> String {
        "\(RPCMethod(operation).rawValue) \(JSONWriter.string(.object(operation.requestParams)))"
    }

    @Test func everyOperationWithEveryField() {
        let route = RouteRequest(
            to: "profile", params: ["userId": 1], transition: "modal", from: ScreenID(6), expectRevision: 3,
            singleTop: true, popTo: .name("post"), popToInclusive: true)
        #expect(Self.wire(.route(route)) == #"nav.route {"to":"profile","params":{"userId":1},"transition":"modal","from":"s6","singleTop":true,"popTo":{"screen":"post","inclusive":true},"expectRevision":3}"#)
        #expect(Self.wire(.close(screen: ScreenID(5), expectRevision: 4)) == #"nav.close {"screen":"s5","expectRevision":4}"#)
        #expect(Self.wire(.popTo(screen: .id(ScreenID(2)), inclusive: true, expectRevision: 1)) == #"nav.popTo {"screen":"s2","inclusive":true,"expectRevision":1}"#)
        #expect(Self.wire(.popToRoot(flow: FlowID(2), expectRevision: 7)) == #"nav.popToRoot {"flow":"f2","expectRevision":7}"#)
        #expect(Self.wire(.dismissAll(expectRevision: 2)) == #"nav.dismissAll {"expectRevision":2}"#)
        #expect(Self.wire(.selectTab(.name("chats"), flow: FlowID(1), expectRevision: 5)) == #"nav.selectTab {"tab":"chats","flow":"f1","expectRevision":5}"#)
        #expect(Self.wire(.selectTab(.index(2), flow: nil)) == #"nav.selectTab {"tab":2}"#)
        #expect(Self.wire(.finishFlow(FlowID(6), result: ["ok": true], expectRevision: 9)) == #"flow.finish {"flow":"f6","result":{"ok":true},"expectRevision":9}"#)
        #expect(Self.wire(.deeplink(url: "social://chat/c9", dryRun: true, expectRevision: 1)) == #"nav.deeplink {"url":"social://chat/c9","dryRun":true,"expectRevision":1}"#)
    }

    @Test func defaultsAreLeftOut() {
        #expect(Self.wire(.route(RouteRequest(to: "post"))) == #"nav.route {"to":"post"}"#)
        #expect(Self.wire(.route(RouteRequest(to: "post", popTo: .id(ScreenID(3))))) == #"nav.route {"to":"post","popTo":{"screen":"s3"}}"#)
        #expect(Self.wire(.close(screen: nil)) == #"nav.close {}"#)
        #expect(Self.wire(.popTo(screen: .name("feedList"))) == #"nav.popTo {"screen":"feedList"}"#)
        #expect(Self.wire(.popToRoot(flow: nil)) == #"nav.popToRoot {}"#)
        #expect(Self.wire(.dismissAll()) == #"nav.dismissAll {}"#)
        #expect(Self.wire(.finishFlow(FlowID(6))) == #"flow.finish {"flow":"f6"}"#)
        #expect(Self.wire(.deeplink(url: "/post/5")) == #"nav.deeplink {"url":"/post/5"}"#)
    }

    @Test func applyNestsEachStepAsMethodAndParams() {
        let apply = NavOperation.apply([.route(RouteRequest(to: "post", params: ["postId": 7])), .close(screen: nil)], expectRevision: 1)
        #expect(Self.wire(apply) == #"nav.apply {"ops":[{"method":"nav.route","params":{"to":"post","params":{"postId":7}}},{"method":"nav.close","params":{}}],"expectRevision":1}"#)
    }
}

/// Notifications decoded by their `RPCNotification`.
@Suite("NavNotification: typed notifications")
struct NavNotificationTests {
    @Test func eachKnownNotificationDecodes() throws {
        let changed = ServerNotification(method: "nav.changed", params: [
            "revision": 2, "baseRevision": 1,
            "changes": [["revision": 2, "cause": ["method": "nav.close", "clientId": "c4"], "events": []]],
        ])
        #expect(changed.kind == .navChanged)
        guard case .navChanged(let view) = try NavNotification(changed) else {
            Issue.record("nav.changed did not decode as one")
            return
        }
        #expect(view.changes == [ChangeView(revision: 2, cause: ChangeCauseView(method: "nav.close", client: nil, clientID: "c4"), events: [])])
        #expect(try NavNotification(ServerNotification(method: "daemon.shutdown", params: ["reason": "SIGTERM"])) == .daemonShutdown(reason: "SIGTERM"))
        #expect(try NavNotification(ServerNotification(method: "daemon.shutdown", params: [:])) == .daemonShutdown(reason: nil))
        #expect(try NavNotification(ServerNotification(method: "events.dropped", params: ["events": ["userTapped"], "reason": "timeouts"]))
            == .eventsDropped(events: ["userTapped"], reason: "timeouts"))
        #expect(throws: ViewDecodingError(path: "$.params.events", message: "every event is a name (a string)")) {
            try NavNotification(ServerNotification(method: "events.dropped", params: ["events": [1], "reason": "timeouts"]))
        }
        let unknown = ServerNotification(method: "nav.somethingNew", params: [1])
        #expect(unknown.kind == nil)
        #expect(try NavNotification(unknown) == .other(unknown))
    }

    @Test func aMalformedChangeSaysWhere() {
        #expect(throws: ViewDecodingError(path: "$", message: "missing 'baseRevision'")) {
            try NavNotification(ServerNotification(method: "nav.changed", params: ["revision": 2]))
        }
    }
}
