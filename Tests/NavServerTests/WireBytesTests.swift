import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavJSON
import NavRandom

/// What the server writes directly (results, events spliced or not, the cached tree, nav.changed)
/// must be byte for byte what the general path writes: the same envelope built as a `JSONValue`
/// from a mirror `Navigator` that performs the same calls. Random call sequences, with and
/// without subscribers (which decide whether events are encoded once and spliced), with
/// `nav.state` between mutations (which must never see a stale tree).
@Suite struct WireBytesTests {
    static let calls: [(String, JSONValue)] = [
        ("nav.route", ["to": "post", "params": ["postId": 7]]),
        ("nav.route", ["to": "post", "params": ["postId": 123_456]]),
        ("nav.route", ["to": "profile", "params": ["userId": 3, "section": "photos"]]),
        ("nav.route", ["to": "compose", "params": ["draft": "a \"quoted\"\n draft é"]]),
        ("nav.route", ["to": "chat", "params": ["chatId": "c\u{1}9"]]),
        ("nav.route", ["to": "photoPicker"]),
        ("nav.close", [:]),
        ("nav.close", [:]),
        ("nav.popToRoot", [:]),
        ("nav.dismissAll", [:]),
        ("nav.selectTab", ["tab": "chats"]),
        ("nav.selectTab", ["tab": 0]),
        ("nav.deeplink", ["url": "social://chats/c9/messages/4"]),
        ("nav.deeplink", ["url": "social://friends", "dryRun": true]),
        ("nav.route", ["to": "nowhere"]),
        ("nav.state", [:]),
        ("nav.state", [:]),
    ]

    @Test func responsesAndNotificationsAreTheGeneralWritersBytes() throws {
        var rng = SplitMix64(seed: 0x7769_7265)
        for round in 0..<6 {
            let h = Harness()
            var mirror = Navigator(definition: .sample, instance: "00000000")
            let writer = h.connect(), full = h.connect(), slim = h.connect()
            // Rounds 0 and 1 run without subscribers: events are written straight into the response.
            if round >= 2 {
                h.call(full, "nav.subscribe")
                h.call(slim, "nav.subscribe", ["tree": false])
            }
            for step in 0..<150 {
                let (method, params) = Self.calls[Int.random(in: 0..<Self.calls.count, using: &rng)]
                h.payloads = [:]
                h.call(writer, method, params, requestID: .int(step))
                let response = try #require(h.payloads[writer]?.first).bytes
                var expectedResult: JSONValue?
                var committed: OperationResult?
                if method == "nav.state" {
                    expectedResult = mirror.stateJSON
                } else {
                    do throws(RPCFailure) {
                        let before = mirror.revision
                        let operation = try NavOperation(method: method, params: params)
                        let result = try RPCFailure.engine { () throws(NavError) in try mirror.perform(operation) }
                        expectedResult = result.jsonValue
                        if mirror.revision != before { committed = result }
                    } catch {
                        let envelope: JSONValue = ["jsonrpc": "2.0", "id": .int(step), "error": error.jsonValue]
                        #expect(text(response) == text(JSONWriter.bytes(envelope) + [10]))
                    }
                }
                if let expectedResult {
                    let envelope: JSONValue = ["jsonrpc": "2.0", "id": .int(step), "result": expectedResult]
                    #expect(text(response) == text(JSONWriter.bytes(envelope) + [10]), "\(method) \(params)")
                }
                guard round >= 2 else { continue }
                guard let committed else {
                    #expect(h.payloads[full] == nil && h.payloads[slim] == nil)
                    continue
                }
                let change: JSONValue = [
                    "revision": .int(committed.revision),
                    "cause": ["method": .string(method), "client": .null, "clientId": "c1"],
                    "events": .array(committed.events.map(\.jsonValue)),
                ]
                var changed: JSONObject = [
                    "revision": .int(committed.revision), "baseRevision": .int(committed.revision - 1), "changes": [change],
                ]
                let slimNotification: JSONValue = ["jsonrpc": "2.0", "method": "nav.changed", "params": .object(changed)]
                changed["root"] = mirror.tree.jsonValue
                let fullNotification: JSONValue = ["jsonrpc": "2.0", "method": "nav.changed", "params": .object(changed)]
                #expect(h.payloads[full]?.map { text($0.bytes) } == [text(JSONWriter.bytes(fullNotification) + [10])])
                #expect(h.payloads[slim]?.map { text($0.bytes) } == [text(JSONWriter.bytes(slimNotification) + [10])])
            }
        }
    }

    @Test func stateAfterEachCommitIsTheNewTree() {
        let h = Harness()
        let c = h.connect()
        var mirror = Navigator(definition: .sample, instance: "00000000")
        for (method, params) in Self.calls where method != "nav.state" {
            h.call(c, "nav.state")
            _ = try? mirror.perform(NavOperation(method: method, params: params))
            h.call(c, method, params)
            #expect(h.call(c, "nav.state").first?["result"] == mirror.stateJSON, "after \(method) \(params)")
        }
    }

    /// The responses buffer is reused from read to read unless a big read grew it: both the
    /// big answer and the ones after it come out whole.
    @Test func bigReadsAndTheReadsAfterThemAreAnsweredWhole() throws {
        let h = Harness()
        let c = h.connect()
        let state = h.call(c, "nav.state").first?["result"]
        let batch = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"#, count: 100).joined(separator: ",") + "]\n"
        h.payloads = [:]
        _ = h.take(c)
        h.send(batch, from: c)
        #expect(try #require(h.payloads[c]?.first).bytes.count > 64 * 1024)
        #expect(h.take(c).first?.arrayValue?.map { $0["result"] } == Array(repeating: state, count: 100))
        for _ in 0..<3 {
            #expect(h.call(c, "nav.state").first?["result"] == state)
        }
    }

    /// An answer copies its revision's events from the history's newest record, and a
    /// notification kept past its revision (the requester's own until its response is out,
    /// a paused subscriber's, the requester's again when it was congested by then) holds its
    /// own copy: later revisions write over the ring. Random batches of several mutations
    /// each answer every revision with its own events (checked against a mirror navigator),
    /// and with a history of one revision, whose record every revision writes over, every
    /// byte sent to every connection is what it is with the whole history.
    @Test func revisionsKeptPastTheNextOneAreTheirOwnBytes() throws {
        let seed: UInt64 = 0x6261_7463_6865_73
        func run(historyLimit: Int) throws -> [ClientID: [[UInt8]]] {
            var rng = SplitMix64(seed: seed)
            var configuration = ServerConfiguration()
            configuration.historyLimit = historyLimit
            let h = Harness(configuration: configuration)
            var mirror = Navigator(definition: .sample, instance: "00000000")
            let writer = h.connect(), paused = h.connect(), live = h.connect()
            h.call(writer, "nav.subscribe", ["tree": false])
            h.call(paused, "nav.subscribe", ["tree": false])
            h.call(live, "nav.subscribe")
            h.payloads = [:]
            var committed = 0
            for step in 0..<80 {
                if step % 10 == 3 { h.server.congested(paused) }
                if step % 10 == 8 { h.apply(h.server.drained(paused)) }
                if step % 7 == 2 { h.server.congested(writer) }
                if step % 7 == 4 { h.apply(h.server.drained(writer)) }
                var requests: [JSONValue] = []
                var expected: [JSONValue] = []
                for entry in 0..<Int.random(in: 2...4, using: &rng) {
                    let (method, params) = Self.calls[Int.random(in: 0..<Self.calls.count, using: &rng)]
                    let id = JSONValue.int(step * 10 + entry)
                    requests.append(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
                    if method == "nav.state" {
                        expected.append(["jsonrpc": "2.0", "id": id, "result": mirror.stateJSON])
                        continue
                    }
                    do throws(RPCFailure) {
                        let before = mirror.revision
                        let operation = try NavOperation(method: method, params: params)
                        let result = try RPCFailure.engine { () throws(NavError) in try mirror.perform(operation) }
                        if mirror.revision != before { committed += 1 }
                        expected.append(["jsonrpc": "2.0", "id": id, "result": result.jsonValue])
                    } catch {
                        expected.append(["jsonrpc": "2.0", "id": id, "error": error.jsonValue])
                    }
                }
                let before = h.payloads[writer]?.count ?? 0
                h.send(JSONWriter.string(.array(requests)) + "\n", from: writer)
                let response = try #require(h.payloads[writer]?[before]).bytes
                #expect(text(response) == text(JSONWriter.bytes(.array(expected)) + [10]), "step \(step)")
            }
            h.apply(h.server.drained(paused))
            h.apply(h.server.drained(writer))
            // Enough revisions, and both kinds of kept notification were coalesced: the paused
            // subscriber's and the requester's own.
            #expect(committed > 50)
            for id in [paused, writer] {
                #expect(h.sent[id]?.contains { ($0["params"]?["changes"]?.arrayValue?.count ?? 0) > 1 } == true, "\(id)")
            }
            return h.payloads.mapValues { $0.map(\.bytes) }
        }
        let whole = try run(historyLimit: 10_000)
        let one = try run(historyLimit: 1)
        for id in whole.keys.sorted() {
            #expect(one[id]?.map(text) == whole[id]?.map(text), "connection \(id)")
        }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
