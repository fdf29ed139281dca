import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// A clock tests move by hand: the server reads it for listener deadlines.
final class ManualClock: @unchecked Sendable {
    var now = 0.0
}

/// Routing events with fake connections (Protocol/semantics.md 70–79, 85–87): the definition as the
/// built-in listener, remote listeners asked in registration order, timeouts, disconnects,
/// error and malformed answers, emit order under a slow listener, a connection's requests
/// behind its own held emit, and a listener that emits from inside its handler.
@Suite struct EventServerTests {
    private let clock = ManualClock()

    private func harness() -> Harness {
        var configuration = ServerConfiguration()
        let clock = self.clock
        configuration.clock = { clock.now }
        configuration.listenerTimeout = 1.0
        return Harness(configuration: configuration)
    }

    private func answer(_ h: Harness, _ listener: ClientID, _ requestID: String, _ result: String) {
        h.send(#"{"jsonrpc":"2.0","id":"\#(requestID)","result":\#(result)}"# + "\n", from: listener)
    }

    private static let profileSteps = #"{"steps":[{"method":"nav.route","params":{"to":"profile","params":{"userId":9}}}]}"#

    @Test func theDefinitionHandlesAnEventNoListenerWants() {
        let h = harness()
        let emitter = h.connect()
        let viewer = h.connect()
        h.call(emitter, "daemon.hello", ["name": "feedModule"])
        h.call(viewer, "nav.subscribe", ["tree": false])
        let lines = h.call(emitter, "event.emit", ["name": "postTapped", "payload": ["postId": 7]])
        #expect(lines.count == 1)
        let result = lines[0]["result"]!
        #expect(result["revision"] == 2 && result["handled"] == true && result["by"] == "definition")
        #expect(result["steps"] == [["method": "nav.route", "params": ["to": "post", "params": ["postId": 7]]]])
        #expect(result["results"]?[0]?["screen"] == "s5")
        #expect(result["skipped"] == nil)
        let cause = h.server.history.entry(revision: 2)!.cause
        #expect(cause == HistoryCause(
            method: "event.emit", params: ["name": "postTapped", "payload": ["postId": 7]], client: "feedModule", clientID: "c1",
            event: "postTapped", by: "definition",
            steps: [["method": "nav.route", "params": ["to": "post", "params": ["postId": 7]]]]))
        let changed = h.take(viewer).last!
        #expect(changed["params"]?["changes"]?[0]?["cause"] == [
            "method": "event.emit", "client": "feedModule", "clientId": "c1", "event": "postTapped", "by": "definition",
            "steps": [["method": "nav.route", "params": ["to": "post", "params": ["postId": 7]]]],
        ])
    }

    /// Guards act on an event's steps as on `nav.apply`'s: a listener's deep link to `account`
    /// is held (the login opens, the emit's result says what is pending), subscribers hear of
    /// the session in that revision, and signing in applies the held steps.
    @Test func anEventsStepsAreHeldByAGuardAndResumeOnSignIn() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        let viewer = h.connect()
        h.call(listener, "events.listen", ["events": ["pushReceived"]])
        h.call(viewer, "nav.subscribe", ["tree": false])
        _ = (h.take(listener), h.take(viewer))
        #expect(h.call(emitter, "event.emit", ["name": "pushReceived", "payload": ["chatId": "c9"]], requestID: 3) == [])
        #expect(h.take(listener).first?["id"] == "e1")
        answer(h, listener, "e1", #"{"steps":[{"method":"nav.deeplink","params":{"url":"social://settings/account"}}]}"#)
        let answered = h.take(emitter)
        #expect(answered.count == 1)
        let result = answered[0]["result"]!
        #expect(result["handled"] == true && result["by"] == "c2" && result["revision"] == 2)
        #expect(result["pending"] == [
            "method": "nav.apply",
            "params": ["ops": [["method": "nav.deeplink", "params": ["url": "social://settings/account"]]]],
        ])
        #expect(result["events"]?.arrayValue?.last?["type"] == "pendingHeld")
        let changed = h.take(viewer).last!["params"]!
        #expect(changed["session"]?["pending"]?["method"] == "nav.apply")
        #expect(changed["changes"]?[0]?["cause"]?["event"] == "pushReceived")
        let signedIn = h.call(emitter, "session.set", ["flags": ["signedIn": true]])[0]["result"]!
        #expect(signedIn["revision"] == 3)
        #expect(signedIn["resumed"]?["method"] == "nav.apply")
        #expect(h.server.navigator.session.pending == nil)
        #expect(h.call(emitter, "nav.state")[0]["result"]?["session"]?["pending"] == .null)
    }

    @Test func anEventNobodyHandlesChangesNothing() {
        let h = harness()
        let c = h.connect()
        #expect(h.call(c, "event.emit", ["name": "pushReceived", "payload": ["chatId": "c9"]])[0]["result"] == [
            "revision": 1, "handled": false,
        ])
        #expect(h.server.navigator.revision == 1 && h.server.history.count == 1)
    }

    @Test func unknownEventsAndBadPayloadsAreRefused() {
        let h = harness()
        let c = h.connect()
        let unknown = h.call(c, "event.emit", ["name": "postTaped"])[0]["error"]!
        #expect(unknown["code"] == -32011)
        #expect(unknown["message"] == "unknown event 'postTaped' (declared: postTapped, userTapped, messageReceived, loggedOut, pushReceived); did you mean 'postTapped'?")
        #expect(unknown["data"]?["reason"] == "unknownEvent")
        let payload = h.call(c, "event.emit", ["name": "postTapped", "payload": ["postId": "x"]])[0]["error"]!
        #expect(payload["code"] == -32602)
        #expect(payload["data"] == [
            "param": "postId", "problem": "wrongType", "detail": "expected int, got string", "event": "postTapped",
            "reason": "invalidParams",
        ])
        #expect(h.call(c, "events.listen", ["events": ["userTapped", "nope"]])[0]["error"]?["code"] == -32011)
        #expect(h.call(c, "events.listen", ["events": ["userTapped", "userTapped"]])[0]["error"]?["code"] == -32602)
        #expect(h.server.navigator.revision == 1)
    }

    @Test func aFailingStepFailsTheEmitAndChangesNothing() {
        let h = harness()
        let c = h.connect()
        h.call(c, "nav.selectTab", ["tab": "settings"])
        let error = h.call(c, "event.emit", ["name": "userTapped", "payload": ["userId": 3]])[0]["error"]!
        #expect(error["code"] == -32002)
        #expect(error["data"]?["step"] == 0 && error["data"]?["stepOp"] == "nav.route")
        #expect(error["message"] == "step 0 (nav.route): route not allowed: settingsHome cannot open profile (allowed: account, login)")
        #expect(h.server.navigator.revision == 2)
    }

    @Test func listenersAreAskedInRegistrationOrderAndTheFirstWithStepsHandlesIt() {
        let h = harness()
        let emitter = h.connect()
        let first = h.connect()
        let second = h.connect()
        #expect(h.call(second, "events.listen", ["events": ["userTapped"]])[0]["result"] == ["events": ["userTapped"]])
        h.call(first, "events.listen", ["events": ["userTapped", "postTapped"]])
        // `second` listens again: it goes after `first`.
        h.call(second, "events.listen", ["events": ["userTapped"]])
        _ = (h.take(first), h.take(second))
        #expect(h.call(emitter, "event.emit", ["name": "userTapped", "payload": ["userId": 9]], requestID: 5) == [])
        let asked = h.take(first)
        #expect(asked == [[
            "jsonrpc": "2.0", "id": "e1", "method": "event.handle",
            "params": ["event": "userTapped", "payload": ["userId": 9], "revision": 1,
                       "top": ["id": "s1", "screen": "feedList", "params": [:]]],
        ]])
        // Every listener is asked at once, each with its own id.
        #expect(h.take(second).map { $0["id"] } == ["e2"])
        // `second` answers first, with steps: it waits for `first`, which comes before it.
        answer(h, second, "e2", Self.profileSteps)
        #expect(h.take(emitter) == [] && h.server.navigator.revision == 1)
        answer(h, first, "e1", #"{"steps":[]}"#)
        let result = h.take(emitter)
        #expect(result.count == 1 && result[0]["id"] == 5)
        #expect(result[0]["result"]?["by"] == "c3" && result[0]["result"]?["handled"] == true && result[0]["result"]?["revision"] == 2)
        #expect(h.server.history.entry(revision: 2)?.cause.by == "c3")
        #expect(h.take(first) == [] && h.take(second) == [])
    }

    /// The first listener in registration order with steps handles the event as soon as it
    /// answers, even while a later one has not answered (its late answer is ignored).
    @Test func theFirstListenerWithStepsWinsWithoutWaitingForLaterOnes() {
        let h = harness()
        let emitter = h.connect()
        let first = h.connect()
        let silent = h.connect()
        h.call(first, "events.listen", ["events": ["userTapped"]])
        h.call(silent, "events.listen", ["events": ["userTapped"]])
        _ = (h.take(first), h.take(silent))
        h.call(emitter, "event.emit", ["name": "userTapped", "payload": ["userId": 9]])
        #expect(h.take(silent).map { $0["id"] } == ["e2"])
        answer(h, first, "e1", Self.profileSteps)
        let result = h.take(emitter)[0]["result"]!
        #expect(result["by"] == "c2" && result["revision"] == 2 && result["skipped"] == nil)
        #expect(h.server.listenerDeadline == nil)
        answer(h, silent, "e2", #"{"steps":[{"method":"nav.close"}]}"#)
        #expect(h.server.navigator.revision == 2 && h.take(silent) == [])
    }

    @Test func aListenerThatDoesNotAnswerInTimeIsSkipped() {
        let h = harness()
        let emitter = h.connect()
        let slow = h.connect()
        h.call(slow, "events.listen", ["events": ["userTapped"]])
        h.call(emitter, "event.emit", ["name": "userTapped", "payload": ["userId": 9]])
        #expect(h.server.listenerDeadline == 1.0)
        clock.now = 0.5
        h.apply(h.server.tick())
        #expect(h.take(emitter) == [])
        clock.now = 1.0
        h.apply(h.server.tick())
        let result = h.take(emitter)[0]["result"]!
        #expect(result["by"] == "definition" && result["revision"] == 2)
        #expect(result["skipped"] == [["client": "c2", "reason": "timeout", "message": "no answer within 1000 ms"]])
        #expect(h.server.listenerDeadline == nil)
        // Its late answer is ignored.
        answer(h, slow, "e1", Self.profileSteps)
        #expect(h.server.navigator.revision == 2 && h.take(emitter) == [])
    }

    @Test func aListenerThatDisconnectsIsSkippedAndTheNextOneDecides() {
        let h = harness()
        let emitter = h.connect()
        let leaving = h.connect()
        let next = h.connect()
        h.call(leaving, "events.listen", ["events": ["pushReceived"]])
        h.call(next, "events.listen", ["events": ["pushReceived"]])
        _ = (h.take(leaving), h.take(next))
        h.call(emitter, "event.emit", ["name": "pushReceived", "payload": ["chatId": "c1"]])
        #expect(h.take(leaving).first?["id"] == "e1")
        #expect(h.take(next).first?["id"] == "e2")
        answer(h, next, "e2", #"{"steps":[]}"#)
        #expect(h.take(emitter) == [])
        h.apply(h.server.disconnect(leaving))
        #expect(h.take(emitter)[0]["result"] == [
            "revision": 1, "handled": false,
            "skipped": [["client": "c2", "reason": "disconnected", "message": "the listener disconnected before answering"]],
        ])
    }

    @Test func errorAnswersAndAnswersOfTheWrongShapeAreSkipped() {
        let h = harness()
        let emitter = h.connect()
        let failing = h.connect()
        let confused = h.connect()
        let wrongStep = h.connect()
        for listener in [failing, confused, wrongStep] { h.call(listener, "events.listen", ["events": ["pushReceived"]]) }
        h.call(emitter, "event.emit", ["name": "pushReceived", "payload": ["chatId": "c1"]])
        h.send(#"{"jsonrpc":"2.0","id":"e1","error":{"code":-32000,"message":"boom"}}"# + "\n", from: failing)
        answer(h, confused, "e2", #"["nav.route"]"#)
        answer(h, wrongStep, "e3", #"{"steps":[{"method":"nav.state"}]}"#)
        let result = h.take(emitter)[0]["result"]!
        #expect(result["handled"] == false)
        #expect(result["skipped"] == [
            ["client": "c2", "reason": "error", "message": "answered an error: boom"],
            ["client": "c3", "reason": "badAnswer", "message": #"invalid params: the answer must be {"steps": [...]}, not ["nav.route"]"#],
            ["client": "c4", "reason": "badAnswer", "message": "step 0 (nav.state): method not found: 'nav.state'"],
        ])
        // None of them was sent anything but its request (answers are never answered).
        #expect(h.take(failing).count == 2 && h.take(confused).count == 2 && h.take(wrongStep).count == 2)
    }

    @Test func eventsAreHandledInEmitOrderWhileOthersAreServed() {
        let h = harness()
        let slow = h.connect()
        let a = h.connect()
        let b = h.connect()
        let reader = h.connect()
        h.call(slow, "events.listen", ["events": ["userTapped"]])
        h.call(a, "event.emit", ["name": "userTapped", "payload": ["userId": 9]])
        // Handled by the definition alone, but after the event before it.
        #expect(h.call(b, "event.emit", ["name": "postTapped", "payload": ["postId": 1]]) == [])
        // Others are served meanwhile.
        #expect(h.call(reader, "nav.state")[0]["result"]?["revision"] == 1)
        #expect(h.call(reader, "nav.route", ["to": "post", "params": ["postId": 2]])[0]["result"]?["revision"] == 2)
        answer(h, slow, "e1", Self.profileSteps)
        #expect(h.take(a)[0]["result"]?["revision"] == 3)
        let second = h.take(b)[0]["result"]!
        #expect(second["revision"] == 4 && second["by"] == "definition")
        // The steps applied to the state current when the answer came: profile over post.
        #expect(h.server.history.entry(revision: 3)?.cause.event == "userTapped")
    }

    @Test func aConnectionsLaterRequestsWaitBehindItsHeldEmit() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        h.send(
            #"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":2,"method":"event.emit","params":{"name":"userTapped","payload":{"userId":1}}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"nav.state"}"# + "\n", from: emitter)
        #expect(h.take(emitter).map { $0["id"] } == [1])
        h.send(#"{"jsonrpc":"2.0","id":4,"method":"nav.state"}"# + "\n", from: emitter)
        #expect(h.take(emitter) == [])
        answer(h, listener, "e1", Self.profileSteps)
        let lines = h.take(emitter)
        #expect(lines.map { $0["id"] } == [2, 3, 4])
        #expect(lines[1]["result"]?["revision"] == 2)
    }

    /// A notification emit is never answered, but the connection's later requests still come
    /// after its event; requests piling up behind it beyond the limit close the connection.
    @Test func aNotificationEmitHoldsTooAndTheBacklogIsBounded() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        h.send(
            #"{"jsonrpc":"2.0","method":"event.emit","params":{"name":"userTapped","payload":{"userId":1}}}"# + "\n"
                + #"{"jsonrpc":"2.0","id":9,"method":"nav.state"}"# + "\n", from: emitter)
        #expect(h.take(emitter) == [])
        answer(h, listener, "e1", Self.profileSteps)
        let lines = h.take(emitter)
        #expect(lines.count == 1 && lines[0]["id"] == 9 && lines[0]["result"]?["revision"] == 2)

        h.send(#"{"jsonrpc":"2.0","id":1,"method":"event.emit","params":{"name":"userTapped","payload":{"userId":1}}}"# + "\n", from: emitter)
        let padding = String(repeating: " ", count: 1 << 20 - 64)
        for _ in 0..<8 { h.send(#"{"jsonrpc":"2.0","id":2,"method":"nav.state"}"# + padding + "\n", from: emitter) }
        #expect(h.closed[emitter] == nil)
        h.send(#"{"jsonrpc":"2.0","id":3,"method":"nav.state"}"# + padding + "\n", from: emitter)
        #expect(h.closed[emitter] == "more than 8388608 bytes of requests behind its held event.emit")
    }

    @Test func anEmitThatWaitsCannotBePartOfABatch() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        _ = h.take(listener)
        h.send(#"[{"jsonrpc":"2.0","id":1,"method":"event.emit","params":{"name":"userTapped","payload":{"userId":1}}}]"# + "\n", from: emitter)
        let answer = h.take(emitter)[0][0]!
        #expect(answer["error"]?["code"] == -32600)
        #expect(h.take(listener) == [] && h.server.listenerDeadline == nil)
    }

    /// A listener emits from inside its handler: the new event is queued behind the one it is
    /// handling, its request held, and the listener's answer to `event.handle` is still read
    /// (answers are never held). Once the first event is done, the second is handled and its
    /// emitter answered. Had the listener waited for its emit's answer before answering, the
    /// first event would time out (the listener skipped), never deadlock.
    @Test func aListenerThatEmitsFromItsHandlerIsAnsweredAfterTheEventItHandles() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped", "postTapped"]])
        h.call(emitter, "event.emit", ["name": "userTapped", "payload": ["userId": 9]])
        #expect(h.take(listener).last?["id"] == "e1")
        #expect(h.call(listener, "event.emit", ["name": "postTapped", "payload": ["postId": 4]], requestID: 77) == [])
        answer(h, listener, "e1", Self.profileSteps)
        #expect(h.take(emitter)[0]["result"]?["revision"] == 2)
        // Its own event is next, and it is asked about it too.
        let asked = h.take(listener)
        #expect(asked.map { $0["id"] } == ["e2"])
        #expect(asked[0]["params"]?["top"]?["screen"] == "profile")
        answer(h, listener, "e2", #"{"steps":[]}"#)
        let own = h.take(listener)
        #expect(own.count == 1 && own[0]["id"] == 77)
        // The definition's route to post, from the profile screen the first event opened.
        #expect(own[0]["result"]?["by"] == "definition" && own[0]["result"]?["revision"] == 3)
    }

    @Test func daemonInfoNamesEachListenersEvents() {
        let h = harness()
        let listener = h.connect()
        let other = h.connect()
        h.call(listener, "events.listen", ["events": ["pushReceived", "userTapped"]])
        let clients = h.call(other, "daemon.info")[0]["result"]?["clients"]
        #expect(clients == [
            ["id": "c1", "name": nil, "subscribed": false, "listens": ["userTapped", "pushReceived"]],
            ["id": "c2", "name": nil, "subscribed": false],
        ])
    }

    @Test func listeningToNothingStops() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        #expect(h.call(listener, "events.listen", ["events": []])[0]["result"] == ["events": []])
        _ = h.take(listener)
        #expect(h.call(emitter, "event.emit", ["name": "userTapped", "payload": ["userId": 1]])[0]["result"]?["by"] == "definition")
        #expect(h.take(listener) == [])
    }

    /// An emitter that leaves before its event's turn: the event is dropped (nobody to answer),
    /// and the next one goes on.
    @Test func anEmitterThatLeavesIsDropped() {
        let h = harness()
        let listener = h.connect()
        let leaving = h.connect()
        let staying = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        _ = h.take(listener)
        h.call(leaving, "event.emit", ["name": "userTapped", "payload": ["userId": 1]])
        h.call(staying, "event.emit", ["name": "postTapped", "payload": ["postId": 2]])
        h.apply(h.server.disconnect(leaving))
        answer(h, listener, "e1", Self.profileSteps)
        // The leaver's event applied nothing; the next was handled at once.
        let result = h.take(staying)[0]["result"]!
        #expect(result["revision"] == 2 && result["by"] == "definition")
        #expect(h.server.history.entry(revision: 2)?.cause.event == "postTapped")
    }

    @Test func theDefaultTimeoutIsASecond() {
        #expect(ServerConfiguration().listenerTimeout == 1.0)
    }
}
