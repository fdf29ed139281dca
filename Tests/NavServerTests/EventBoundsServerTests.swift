import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavJSON

/// What bounds routing events through the server (Protocol/semantics.md 74–79, 85–87): answers inside
/// batch arrays (once a crash: navd flushed the batch's `[` mid-line and trapped removing it),
/// silent listeners that cost one timeout per emit however many they are and are dropped after
/// three missed deadlines, the lines kept behind held emits bounded across connections, and a
/// shutdown that answers every held emit and kept line.
@Suite struct EventBoundsServerTests {
    private let clock = ManualClock()

    private func harness(_ change: (inout ServerConfiguration) -> Void = { _ in }) -> Harness {
        var configuration = ServerConfiguration()
        let clock = self.clock
        configuration.clock = { clock.now }
        configuration.listenerTimeout = 0.1
        change(&configuration)
        return Harness(configuration: configuration)
    }

    private static let profileSteps = #"{"steps":[{"method":"nav.route","params":{"to":"profile","params":{"userId":9}}}]}"#
    private static let emitUserTapped = #"{"jsonrpc":"2.0","id":1,"method":"event.emit","params":{"name":"userTapped","payload":{"userId":9}}}"#

    // MARK: - Answers inside batches

    /// A listener's answer in a batch array is read as its answer; navd writes nothing back.
    @Test func anAnswerInsideABatchIsAnAnswerAndIsNotAnswered() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        _ = h.take(listener)
        h.send(Self.emitUserTapped + "\n", from: emitter)
        #expect(h.take(listener).map { $0["id"] } == ["e1"])
        h.send(#"[{"jsonrpc":"2.0","id":"e1","result":\#(Self.profileSteps)}]"# + "\n", from: listener)
        let result = h.take(emitter)
        #expect(result.count == 1 && result[0]["result"]?["by"] == "c2" && result[0]["result"]?["revision"] == 2)
        #expect(h.take(listener) == [])
        #expect(h.server.navigator.tree.screen(h.server.navigator.tree.topScreen)?.name == "profile")
    }

    /// The crash's own line: an answer of `[]` steps inside a batch, with nothing waiting on it.
    @Test func aLoneBatchOfAnswersToNothingWritesNothing() {
        let h = harness()
        let listener = h.connect()
        h.send(#"[{"jsonrpc":"2.0","id":"e1","result":{"steps":[]}}]"# + "\n", from: listener)
        h.send(#"[{"jsonrpc":"2.0","id":"e1","result":{"steps":[]}},{"jsonrpc":"2.0","id":7,"error":{"code":1,"message":"x"}}]"# + "\n", from: listener)
        #expect(h.take(listener) == [])
        #expect(h.call(listener, "nav.state")[0]["result"]?["revision"] == 1)
    }

    /// A batch that mixes an answer and requests: the requests are answered in one array
    /// (the answer has no entry in it), and the answer decides the event.
    @Test func aBatchMixingAnAnswerAndRequestsAnswersOnlyTheRequests() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        _ = h.take(listener)
        h.send(Self.emitUserTapped + "\n", from: emitter)
        _ = h.take(listener)
        h.send(
            #"[{"jsonrpc":"2.0","id":1,"method":"nav.state"},{"jsonrpc":"2.0","id":"e1","result":{"steps":[]}},"#
                + #"{"jsonrpc":"2.0","id":2,"method":"session.get"}]"# + "\n", from: listener)
        let lines = h.take(listener)
        #expect(lines.count == 1)
        #expect(lines[0].arrayValue?.map { $0["id"] } == [1, 2])
        #expect(lines[0][0]?["result"]?["revision"] == 1)
        #expect(h.take(emitter)[0]["result"]?["by"] == "definition")
    }

    /// A listener whose own emit is held answers inside a batch that also asks something: the
    /// answer is read at once (nothing deadlocks), the request waits behind its emit.
    @Test func aHeldListenerAnswersInsideABatch() {
        let h = harness()
        let emitter = h.connect()
        let listener = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped", "postTapped"]])
        h.send(Self.emitUserTapped + "\n", from: emitter)
        #expect(h.call(listener, "event.emit", ["name": "postTapped", "payload": ["postId": 4]], requestID: 77) == [])
        _ = h.take(listener)
        h.send(#"[{"jsonrpc":"2.0","id":"e1","result":{"steps":[]}},{"jsonrpc":"2.0","id":3,"method":"nav.state"}]"# + "\n", from: listener)
        #expect(h.take(emitter)[0]["result"]?["by"] == "definition")
        // Its own event's turn: it is asked, declines, and its emit then its batch are answered.
        #expect(h.take(listener).map { $0["id"] } == ["e2"])
        h.send(#"{"jsonrpc":"2.0","id":"e2","result":{"steps":[]}}"# + "\n", from: listener)
        let lines = h.take(listener)
        #expect(lines.count == 2 && lines[0]["id"] == 77 && lines[0]["result"]?["revision"] == 3)
        #expect(lines[1].arrayValue?.map { $0["id"] } == [3])
    }

    // MARK: - Silent listeners

    /// 50 listeners that never answer: each is asked once, at once; one deadline passes and the
    /// emit is decided, all 50 named in `skipped` in registration order.
    @Test func fiftySilentListenersCostOneDeadline() {
        let h = harness()
        let emitter = h.connect()
        let silent = (0..<50).map { _ in h.connect() }
        for listener in silent { h.call(listener, "events.listen", ["events": ["userTapped"]]) }
        for listener in silent { _ = h.take(listener) }
        h.send(Self.emitUserTapped + "\n", from: emitter)
        let ids = silent.map { h.take($0).map { $0["id"] } }
        #expect(ids == (1...50).map { [.string("e\($0)")] })
        #expect(h.server.listenerDeadline == 0.1)
        clock.now = 0.1
        h.apply(h.server.tick())
        let result = h.take(emitter)[0]["result"]!
        #expect(result["by"] == "definition" && result["revision"] == 2)
        #expect(result["skipped"]?.arrayValue?.map { $0["client"] } == silent.map { .string($0.description) })
        #expect(h.server.listenerDeadline == nil)
    }

    /// Three missed deadlines in a row drop a listener: it is sent `events.dropped` and not
    /// asked again, until it listens again. A listener that answers in time between its misses
    /// starts counting again.
    @Test func aListenerThatMissesThreeDeadlinesInARowIsDropped() {
        let h = harness()
        let emitter = h.connect()
        let silent = h.connect()
        let sometimes = h.connect()
        h.call(silent, "events.listen", ["events": ["userTapped", "postTapped"]])
        h.call(sometimes, "events.listen", ["events": ["userTapped"]])
        _ = (h.take(silent), h.take(sometimes))
        func emitAndTimeOut() {
            h.send(Self.emitUserTapped + "\n", from: emitter)
            clock.now += 0.1
            h.apply(h.server.tick())
            #expect(h.take(emitter).count == 1)
        }
        emitAndTimeOut()
        emitAndTimeOut()
        // `sometimes` answers the third in time: its count starts again.
        h.send(Self.emitUserTapped + "\n", from: emitter)
        let third = h.take(sometimes).last!["id"]!.stringValue!
        h.send(#"{"jsonrpc":"2.0","id":"\#(third)","result":{"steps":[]}}"# + "\n", from: sometimes)
        #expect(h.take(silent).count == 3)
        clock.now += 0.1
        h.apply(h.server.tick())
        #expect(h.take(emitter).count == 1)
        #expect(h.take(silent) == [[
            "jsonrpc": "2.0", "method": "events.dropped", "params": ["events": ["postTapped", "userTapped"], "reason": "timeouts"],
        ]])
        #expect(h.take(sometimes) == [])
        // Dropped: not asked any more, and not named in daemon.info's listeners.
        h.send(Self.emitUserTapped + "\n", from: emitter)
        #expect(h.take(silent) == [])
        #expect(h.take(sometimes).count == 1)
        clock.now += 0.1
        h.apply(h.server.tick())
        #expect(h.take(emitter)[0]["result"]?["skipped"]?.arrayValue?.map { $0["client"] } == ["c3"])
        #expect(h.call(emitter, "daemon.info")[0]["result"]?["clients"]?[1]?["listens"] == nil)
        // It may listen again.
        #expect(h.call(silent, "events.listen", ["events": ["postTapped"]])[0]["result"] == ["events": ["postTapped"]])
        h.send(#"{"jsonrpc":"2.0","id":2,"method":"event.emit","params":{"name":"postTapped","payload":{"postId":1}}}"# + "\n", from: emitter)
        #expect(h.take(silent).map { $0["method"] } == [nil, "event.handle"])
    }

    /// An emit behind a held one waits for its turn (emit order), and that wait is the held
    /// emit's one deadline, not one per silent listener.
    @Test func anEmitBehindSilentListenersWaitsOneDeadline() {
        let h = harness()
        let first = h.connect()
        let second = h.connect()
        let silent = (0..<20).map { _ in h.connect() }
        for listener in silent { h.call(listener, "events.listen", ["events": ["userTapped"]]) }
        h.send(Self.emitUserTapped + "\n", from: first)
        h.send(#"{"jsonrpc":"2.0","id":1,"method":"event.emit","params":{"name":"postTapped","payload":{"postId":1}}}"# + "\n", from: second)
        #expect(h.take(second) == [])
        clock.now = 0.1
        h.apply(h.server.tick())
        #expect(h.take(first)[0]["result"]?["revision"] == 2)
        #expect(h.take(second)[0]["result"]?["revision"] == 3)
        #expect(h.server.listenerDeadline == nil)
    }

    // MARK: - Lines kept behind held emits

    /// All connections together keep at most `maxKeptBytes`: past it a request is refused at
    /// once with -32009 (`what: keptRequests`), runs never, and its connection stays.
    @Test func keptLinesAreBoundedAcrossConnections() {
        let h = harness { $0.maxKeptBytes = 150 }
        let listener = h.connect()
        let a = h.connect()
        let b = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        h.send(Self.emitUserTapped + "\n", from: a)
        h.send(Self.emitUserTapped + "\n", from: b)
        let route = #"{"jsonrpc":"2.0","id":5,"method":"nav.route","params":{"to":"post","params":{"postId":3}}}"#
        h.send(route + "\n", from: a)
        #expect(h.take(a) == [])
        // b's route would take the kept bytes past 150: refused at once.
        h.send(route + "\n", from: b)
        let refused = h.take(b)
        #expect(refused.count == 1 && refused[0]["id"] == 5)
        #expect(refused[0]["error"]?["code"] == -32009)
        #expect(refused[0]["error"]?["data"] == ["reason": "limitExceeded", "what": "keptRequests", "limit": 150])
        // A notification past it is dropped without a word; a batch gets one error per request.
        h.send(#"{"jsonrpc":"2.0","method":"nav.route","params":{"to":"post","params":{"postId":3}}}"# + "\n", from: b)
        h.send("[" + route + "," + #"{"jsonrpc":"2.0","method":"nav.state"}"# + "]\n", from: b)
        let batch = h.take(b)
        #expect(batch.count == 1 && batch[0].arrayValue?.map { $0["error"]?["code"] } == [-32009])
        #expect(h.closed.isEmpty)
        // The listener decides: a's kept route runs, b's refused lines never do.
        h.send(#"{"jsonrpc":"2.0","id":"e1","result":{"steps":[]}}"# + "\n", from: listener)
        #expect(h.take(a).map { $0["id"] } == [1, 5])
        h.send(#"{"jsonrpc":"2.0","id":"e2","result":{"steps":[]}}"# + "\n", from: listener)
        #expect(h.take(b).map { $0["id"] } == [1])
        // Revision 2 a's event, 3 a's route, 4 b's event: nothing of b's refused lines.
        #expect(h.server.navigator.revision == 4)
        #expect(h.server.keptBytes == 0)
    }

    @Test func aConnectionThatLeavesGivesBackItsKeptBytes() {
        let h = harness()
        let listener = h.connect()
        let a = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        h.send(Self.emitUserTapped + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"nav.state"}"# + "\n", from: a)
        #expect(h.server.keptBytes == 45)
        h.apply(h.server.disconnect(a))
        #expect(h.server.keptBytes == 0)
    }

    // MARK: - Shutdown

    /// SIGTERM while an emit is held: the emit is answered -32010, then its kept lines run as
    /// they would now (a mutation refused, a read answered), all before `daemon.shutdown`.
    @Test func shutdownAnswersHeldEmitsAndTheirKeptLines() {
        let h = harness()
        let listener = h.connect()
        let a = h.connect()
        let b = h.connect()
        h.call(listener, "events.listen", ["events": ["userTapped"]])
        h.send(
            Self.emitUserTapped + "\n" + #"{"jsonrpc":"2.0","id":2,"method":"nav.close"}"# + "\n"
                + #"{"jsonrpc":"2.0","id":3,"method":"nav.state"}"# + "\n", from: a)
        h.send(#"{"jsonrpc":"2.0","id":"x","method":"event.emit","params":{"name":"postTapped","payload":{"postId":1}}}"# + "\n", from: b)
        _ = h.take(listener)
        h.apply(h.server.shutdown(reason: "SIGTERM"))
        let lines = h.take(a)
        #expect(lines.map { $0["id"] } == [1, 2, 3, nil])
        #expect(lines[0]["error"]?["code"] == -32010 && lines[1]["error"]?["code"] == -32010)
        #expect(lines[2]["result"]?["revision"] == 1)
        #expect(lines[3]["method"] == "daemon.shutdown")
        let other = h.take(b)
        #expect(other.map { $0["id"] } == ["x", nil] && other[0]["error"]?["code"] == -32010)
        // A late answer changes nothing.
        _ = h.take(listener)
        h.send(#"{"jsonrpc":"2.0","id":"e1","result":\#(Self.profileSteps)}"# + "\n", from: listener)
        #expect(h.server.navigator.revision == 1 && h.take(a) == [] && h.take(listener) == [])
    }
}
