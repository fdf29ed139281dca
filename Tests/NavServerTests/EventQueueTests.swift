import Testing
@testable import NavServer
import NavigationCore
import NavProtocol
import NavJSON

/// The routing-event queue alone, as a state machine (no server, no connections): what each
/// emit, answer, timeout, disconnect and release returns, the whole list of actions each time.
@Suite struct EventQueueTests {
    private static let event = EventDefinition(name: "userTapped")
    private static let other = EventDefinition(name: "postTapped")
    private static let steps = ListenerSteps(
        steps: [["method": "nav.close"]], operations: [.close(screen: nil, expectRevision: nil)])

    private func emit(_ emitter: UInt64, _ event: EventDefinition = Self.event) -> PendingEmit {
        PendingEmit(emitter: ClientID(emitter), requestID: .int(Int(emitter)), event: event, payload: [:], expectRevision: nil)
    }

    /// The actions, written so that a whole list compares in one expectation.
    private func describe(_ actions: [EventAction]) -> [String] {
        actions.map { action in
            switch action {
            case .ask(let emit, let requests):
                "ask \(emit.event.name) of c\(emit.emitter.raw): " + requests.map { "\($0.listener)=\($0.requestID)" }.joined(separator: " ")
            case .handle(let emit, let handler, let skipped):
                "handle \(emit.event.name) of c\(emit.emitter.raw) by "
                    + { if case .listener(let client, _) = handler { "\(client)" } else { "definition" } }()
                    + (skipped.isEmpty ? "" : " skipping " + skipped.map { "\($0.client):\($0.reason.rawValue)" }.joined(separator: " "))
            case .refuse(let emit, let error): "refuse \(emit.event.name) of c\(emit.emitter.raw): \(error.reason.rawValue)"
            case .release(let client): "release \(client)"
            case .drop(let client, let events): "drop \(client) \(events.sorted())"
            }
        }
    }

    private func queue(listeners: [UInt64], events: Set<String> = ["userTapped"]) -> EventQueue {
        var queue = EventQueue(timeout: 1)
        for listener in listeners { queue.listen(ClientID(listener), to: events) }
        return queue
    }

    @Test func everyListenerIsAskedAtOnceWithOneDeadline() {
        var q = queue(listeners: [2, 3, 4])
        #expect(describe(q.emit(emit(1), now: 5)) == ["ask userTapped of c1: c2=e1 c3=e2 c4=e3"])
        #expect(q.deadline == 6)
        #expect(!q.isIdle)
    }

    @Test func answersAreDecidedInRegistrationOrder() {
        var q = queue(listeners: [2, 3, 4])
        _ = q.emit(emit(1), now: 0)
        // c4 has steps but c2 and c3 come first.
        #expect(describe(q.answer("e3", from: ClientID(4), .steps(Self.steps), now: 0.1)) == [])
        #expect(describe(q.answer("e1", from: ClientID(2), .declined, now: 0.2)) == [])
        #expect(describe(q.answer("e2", from: ClientID(3), .failed(.badAnswer, "no"), now: 0.3)) == [
            "handle userTapped of c1 by c4 skipping c3:badAnswer", "release c1",
        ])
        #expect(q.deadline == nil && q.phase == .applying)
    }

    @Test func theFirstWithStepsWinsWhileLaterOnesAreSilent() {
        var q = queue(listeners: [2, 3])
        _ = q.emit(emit(1), now: 0)
        #expect(describe(q.answer("e1", from: ClientID(2), .steps(Self.steps), now: 0)) == ["handle userTapped of c1 by c2", "release c1"])
        // The later one's answer, and an answer from a connection that was not asked, change nothing.
        #expect(describe(q.answer("e2", from: ClientID(3), .steps(Self.steps), now: 0)) == [])
        #expect(describe(q.answer("e1", from: ClientID(3), .steps(Self.steps), now: 0)) == [])
    }

    @Test func anAnswerFromAnotherConnectionOrTwiceIsIgnored() {
        var q = queue(listeners: [2, 3])
        _ = q.emit(emit(1), now: 0)
        #expect(describe(q.answer("e1", from: ClientID(3), .declined, now: 0)) == [])
        #expect(describe(q.answer("e2", from: ClientID(3), .declined, now: 0)) == [])
        #expect(describe(q.answer("e2", from: ClientID(3), .steps(Self.steps), now: 0)) == [])
        #expect(describe(q.answer("e1", from: ClientID(2), .declined, now: 0)) == ["handle userTapped of c1 by definition", "release c1"])
    }

    /// However many listeners are silent, one deadline decides the turn.
    @Test func oneTimeoutSkipsEverySilentListener() {
        var q = queue(listeners: Array(2...51))
        let asked = q.emit(emit(1), now: 0)
        guard case .ask(_, let requests)? = asked.first else {
            Issue.record("expected an ask, got \(describe(asked))")
            return
        }
        #expect(requests.count == 50 && Set(requests.map(\.requestID)).count == 50)
        #expect(describe(q.timeout(now: 0.99)) == [])
        let decided = q.timeout(now: 1)
        #expect(describe(decided) == [
            "handle userTapped of c1 by definition skipping " + (2...51).map { "c\($0):timeout" }.joined(separator: " "), "release c1",
        ])
        if case .handle(_, _, let skipped) = decided[0] {
            #expect(skipped[0].message == "no answer within 1000 ms")
        }
    }

    @Test func thirdMissedDeadlineInARowDropsAndAnAnswerInTimeResets() {
        var q = queue(listeners: [2, 3])
        var now = 0.0
        func turn(answering: Bool) -> [String] {
            var actions = q.emit(emit(1), now: now)
            if answering, case .ask(_, let requests)? = actions.first {
                actions += q.answer(requests[1].requestID, from: ClientID(3), .declined, now: now)
            }
            now += 1
            actions += q.timeout(now: now)
            actions += q.released(now: now)
            return describe(actions).filter { !$0.hasPrefix("ask") && !$0.hasPrefix("release") }
        }
        #expect(turn(answering: false) == ["handle userTapped of c1 by definition skipping c2:timeout c3:timeout"])
        #expect(turn(answering: true) == ["handle userTapped of c1 by definition skipping c2:timeout"])
        #expect(turn(answering: false) == ["drop c2 [\"userTapped\"]", "handle userTapped of c1 by definition skipping c2:timeout c3:timeout"])
        #expect(q.listeners.map(\.client) == [ClientID(3)] && q.listeners[0].misses == 1)
        #expect(describe(q.emit(emit(1), now: now)) == ["ask userTapped of c1: c3=e7"])
        // Listening again starts the count from zero.
        q.listen(ClientID(2), to: ["userTapped"])
        #expect(q.listeners.map(\.misses) == [1, 0])
    }

    /// Events go one at a time in emit order: a second emit waits for the first's turn and for
    /// the server to have released the first emitter's lines.
    @Test func emitsWaitForTheTurnBeforeAndForTheRelease() {
        var q = queue(listeners: [2])
        _ = q.emit(emit(1), now: 0)
        #expect(describe(q.emit(emit(3, Self.other), now: 0)) == [])
        #expect(describe(q.answer("e1", from: ClientID(2), .declined, now: 0.5)) == ["handle userTapped of c1 by definition", "release c1"])
        // An emit made by the released lines waits behind the one decided before it.
        #expect(describe(q.emit(emit(1), now: 0.5)) == [])
        #expect(describe(q.released(now: 0.5)) == ["handle postTapped of c3 by definition", "release c3"])
        #expect(describe(q.released(now: 0.6)) == ["ask userTapped of c1: c2=e2"])
        #expect(q.deadline == 1.6)
        #expect(describe(q.released(now: 0.7)) == [])
    }

    @Test func aListenerThatLeavesIsSkippedAndAnEmitterThatLeavesIsDropped() {
        var q = queue(listeners: [2, 3])
        _ = q.emit(emit(1), now: 0)
        _ = q.emit(emit(4), now: 0)
        _ = q.emit(emit(5, Self.other), now: 0)
        #expect(describe(q.disconnect(ClientID(4), now: 0)) == [])
        #expect(describe(q.disconnect(ClientID(2), now: 0)) == [])
        #expect(describe(q.answer("e2", from: ClientID(3), .declined, now: 0)) == [
            "handle userTapped of c1 by definition skipping c2:disconnected", "release c1",
        ])
        // c4's emit is gone: c5's is next.
        #expect(describe(q.released(now: 0)) == ["handle postTapped of c5 by definition", "release c5"])
        // The emitter of the event being decided leaves: its turn ends, the next one starts.
        _ = q.released(now: 0)
        _ = q.emit(emit(6), now: 1)
        _ = q.emit(emit(7), now: 1)
        #expect(describe(q.disconnect(ClientID(6), now: 1.5)) == ["ask userTapped of c7: c3=e4"])
        #expect(q.deadline == 2.5)
    }

    @Test func shutdownRefusesEveryPendingEmitInOrder() {
        var q = queue(listeners: [2])
        _ = q.emit(emit(1), now: 0)
        _ = q.emit(emit(3, Self.other), now: 0)
        #expect(describe(q.shutdown(RPCFailure(.shuttingDown, "stopping"))) == [
            "refuse userTapped of c1: shuttingDown", "release c1", "refuse postTapped of c3: shuttingDown", "release c3",
        ])
        #expect(q.phase == .closed && q.deadline == nil && q.pending.isEmpty)
        #expect(describe(q.answer("e1", from: ClientID(2), .steps(Self.steps), now: 0)) == [])
        #expect(describe(q.released(now: 0)) == [])
    }
}
