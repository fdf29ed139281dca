import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavJSON

/// Guards through the server (docs/guards.md): `session.set`/`session.get`, held requests as
/// results, `session` in `nav.state`, `nav.subscribe` and the `nav.changed` of revisions that
/// changed it (and only those), resuming as one revision told once, the history's causes, and
/// the session in what the store commits.
@Suite struct SessionServerTests {
    /// Client `a` (named "app") on the settings tab, `b` subscribed with `events: true`.
    func setUp() -> (Harness, ClientID, ClientID) {
        let h = Harness()
        let a = h.connect()
        let b = h.connect()
        h.call(a, "daemon.hello", ["name": "app"])
        h.call(b, "nav.subscribe", ["tree": false])
        h.call(a, "nav.selectTab", ["tab": "settings"])
        _ = h.take(b)
        return (h, a, b)
    }

    @Test func stateAndSubscribeCarryTheSession() {
        let h = Harness()
        let c = h.connect()
        let state = h.call(c, "nav.state")[0]["result"]!
        #expect(state["session"] == ["flags": ["signedIn": false], "pending": .null])
        let subscribed = h.call(c, "nav.subscribe")[0]["result"]!
        #expect(subscribed["session"] == state["session"])
        #expect(h.call(c, "session.get")[0]["result"] == state["session"])
    }

    @Test func aHeldRouteIsAResultAndItsNotificationCarriesTheSession() {
        let (h, a, b) = setUp()
        let held = h.call(a, "nav.route", ["to": "account"])
        #expect(held.count == 1 && held[0]["error"] == nil)
        let result = held[0]["result"]!
        #expect(result["pending"] == ["method": "nav.route", "params": ["to": "account"]])
        #expect(result["redirected"] == ["to": "login", "screen": "s5", "flow": "f6"])
        #expect(result["events"]?.arrayValue?.last == ["type": "pendingHeld", "method": "nav.route", "guard": "signedIn", "screen": "account"])
        let changed = h.take(b)
        #expect(changed.count == 1)
        let params = changed[0]["params"]!
        #expect(params["revision"] == 3)
        #expect(params["session"]?["pending"]?["screen"] == "account")
        #expect(params["session"]?["flags"] == ["signedIn": false])
        // A revision that does not change the session does not carry it.
        h.call(a, "nav.route", ["to": "twoFactor"])
        #expect(h.take(b).first?["params"]?["session"] == nil)
    }

    @Test func sessionSetResumesInOneRevisionToldOnce() {
        let (h, a, b) = setUp()
        h.call(a, "nav.route", ["to": "account"])
        _ = h.take(b)
        let answer = h.call(a, "session.set", ["flags": ["signedIn": true]])[0]["result"]!
        #expect(answer["revision"] == 4)
        #expect(answer["flags"] == ["signedIn": true] && answer["pending"] == .null)
        #expect(answer["resumed"] == ["method": "nav.route", "result": ["screen": "s6", "via": ["kind": "push"]]])
        let types = answer["events"]?.arrayValue?.map { $0["type"]!.stringValue! }
        #expect(types == ["willHide", "exit", "flowFinished", "enter", "willShow"])
        #expect(answer["events"]?[2]?["result"] == "satisfied")
        let changed = h.take(b)
        #expect(changed.count == 1, "one revision, one notification")
        let change = changed[0]["params"]!
        #expect(change["revision"] == 4 && change["baseRevision"] == 3)
        #expect(change["changes"]?[0]?["cause"] == ["method": "session.set", "client": "app", "clientId": "c1"])
        #expect(change["changes"]?[0]?["events"] == answer["events"])
        #expect(change["session"] == ["flags": ["signedIn": true], "pending": .null])
        // The history keeps it with its cause.
        let entries = h.call(a, "nav.history", ["since": 3])[0]["result"]!["entries"]!
        #expect(entries[0]?["cause"]?["method"] == "session.set")
        #expect(entries[0]?["cause"]?["params"] == ["flags": ["signedIn": true]])
    }

    @Test func sessionSetRefusalsChangeNothing() {
        let (h, a, b) = setUp()
        let unknown = h.call(a, "session.set", ["flags": ["sigendIn": true]])[0]["error"]!
        #expect(unknown["code"] == -32602 && unknown["data"]?["problem"] == "unknown" && unknown["data"]?["param"] == "flags.sigendIn")
        let notBool = h.call(a, "session.set", ["flags": ["signedIn": "yes"]])[0]["error"]!
        #expect(notBool["data"]?["problem"] == "wrongType")
        let missing = h.call(a, "session.set", [:])[0]["error"]!
        #expect(missing["data"]?["problem"] == "missing")
        let stale = h.call(a, "session.set", ["flags": ["signedIn": true], "expectRevision": 1])[0]["error"]!
        #expect(stale["code"] == -32005)
        let extra = h.call(a, "session.get", ["flags": [:]])[0]["error"]!
        #expect(extra["code"] == -32602)
        let noop = h.call(a, "session.set", ["flags": ["signedIn": false]])[0]["result"]!
        #expect(noop["noop"] == true && noop["revision"] == 2)
        #expect(h.take(b).isEmpty, "nothing changed, nothing told")
        #expect(h.call(a, "nav.state")[0]["result"]?["revision"] == 2)
    }

    @Test func aSessionSetThatChangesOnlyAFlagIsARevisionWithTheSession() {
        let (h, a, b) = setUp()
        let answer = h.call(a, "session.set", ["flags": ["signedIn": true]])[0]["result"]!
        #expect(answer["revision"] == 3 && answer["events"] == [] && answer["resumed"] == nil)
        let change = h.take(b)[0]["params"]!
        #expect(change["session"]?["flags"] == ["signedIn": true] && change["changes"]?[0]?["events"] == [])
    }

    @Test func theStoreCommitsTheSessionWithTheState() throws {
        let h = Harness()
        let store = MemoryStore()
        h.server.persist(to: store, committedThrough: 0)
        let c = h.connect()
        h.call(c, "nav.deeplink", ["url": "social://settings/account"])
        try h.server.flushCommits()
        let saved = try #require(store.state)
        #expect(saved.session["pending"]?["method"] == "nav.deeplink")
        var restored = try Navigator(restoring: saved, definition: .sample, requests: .jsonRPC)
        let change = try restored.setFlags([("signedIn", true)])
        #expect(change.resumed?.method == "nav.deeplink")
        #expect(restored.tree.screens[restored.tree.topScreen]?.name == "account")
    }
}
