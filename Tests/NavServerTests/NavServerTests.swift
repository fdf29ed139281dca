import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavJSON

/// NavServer with several fake connections: ordering, fan-out, coalescing, cleanup, limits
/// (docs/protocol.md).
@Suite struct NavServerTests {
    @Test func answersRequestsInOrderAndEchoesIDs() {
        let h = Harness()
        let c = h.connect()
        h.send(#"{"jsonrpc":"2.0","id":"a","method":"nav.state"}"# + "\n" + #"{"jsonrpc":"2.0","id":7.5,"method":"daemon.hello","params":{"name":"t"}}"# + "\n", from: c)
        let lines = h.take(c)
        #expect(lines.count == 2)
        #expect(lines[0]["id"] == "a" && lines[0]["result"]?["revision"] == 1)
        #expect(lines[1] == ["jsonrpc": "2.0", "id": 7.5, "result": ["client": "c1"]])
        // All responses of one read go out in one payload.
        #expect(h.payloads[c]?.count == 1)
    }

    @Test func notificationsAreNeverAnswered() {
        let h = Harness()
        let c = h.connect()
        h.send(#"{"jsonrpc":"2.0","method":"nav.route","params":{"to":"post","params":{"postId":1}}}"# + "\n", from: c)
        h.send(#"{"jsonrpc":"2.0","method":"no.such"}"# + "\n", from: c)
        h.send(#"[{"jsonrpc":"2.0","method":"nav.state"},{"jsonrpc":"2.0","method":"nav.close"}]"# + "\n", from: c)
        #expect(h.take(c).isEmpty)
        #expect(h.server.navigator.revision == 3)
    }

    @Test func batchesAreAnsweredOnOneLine() {
        let h = Harness()
        let c = h.connect()
        h.send(#"[{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"post","params":{"postId":1}}},{"jsonrpc":"2.0","method":"nav.state"},{"jsonrpc":"2.0","id":2,"method":"nav.fly"},1]"# + "\n", from: c)
        let lines = h.take(c)
        #expect(lines.count == 1)
        let answers = lines[0].arrayValue ?? []
        #expect(answers.count == 3)
        #expect(answers[0]["result"]?["revision"] == 2)
        #expect(answers[1]["error"]?["code"] == -32601 && answers[1]["id"] == 2)
        #expect(answers[2]["error"]?["code"] == -32600 && answers[2]["id"] == .null)
    }

    @Test func emptyBatchAndGarbageGetOneErrorWithNullID() {
        let h = Harness()
        let c = h.connect()
        h.send("[]\n{not json\n\u{01}\n", from: c)
        let lines = h.take(c)
        #expect(lines.map { $0["error"]?["code"] } == [-32600, -32700, -32700])
        #expect(lines.allSatisfy { $0["id"] == .null })
        h.send(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":["post"]}"# + "\n", from: c)
        #expect(h.take(c).first?["error"]?["code"] == -32602)
    }

    @Test func ownResponseComesBeforeOwnNotificationAndOthersGetTheSameBytes() {
        let h = Harness()
        let a = h.connect(), b = h.connect(), c = h.connect()
        for id in [a, b, c] { h.call(id, "nav.subscribe") }
        _ = h.take(a); _ = h.take(b); _ = h.take(c)
        h.call(a, "daemon.hello", ["name": "writer"])
        _ = h.take(a)
        h.payloads = [:]
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 1]], requestID: 9)
        let mine = h.take(a)
        #expect(mine.count == 2)
        #expect(mine[0]["id"] == 9 && mine[0]["result"]?["revision"] == 2)
        #expect(mine[1]["method"] == "nav.changed")
        let change = mine[1]["params"]!
        #expect(change["revision"] == 2 && change["baseRevision"] == 1)
        #expect(change["changes"]?[0]?["cause"] == ["method": "nav.route", "client": "writer", "clientId": "c1"])
        #expect(change["root"]?["id"] == "f1")
        #expect(h.take(b) == [mine[1]] && h.take(c) == [mine[1]])
        // Encoded once: the very same payload object went to every subscriber.
        let shared = h.payloads[b]![0]
        #expect(h.payloads[c]![0] === shared && h.payloads[a]![1] === shared)
    }

    @Test func subscriptionVariantsAndUnsubscribe() {
        let h = Harness()
        let slim = h.connect(), quiet = h.connect(), writer = h.connect()
        h.call(slim, "nav.subscribe", ["tree": false])
        h.call(quiet, "nav.subscribe")
        h.call(quiet, "nav.unsubscribe")
        _ = h.take(slim); _ = h.take(quiet)
        h.call(writer, "nav.route", ["to": "post", "params": ["postId": 1]])
        let note = h.take(slim)
        #expect(note.count == 1 && note[0]["params"]?["root"] == nil && note[0]["params"]?["changes"]?[0]?["events"] != nil)
        #expect(h.take(quiet).isEmpty)
        #expect(h.call(slim, "nav.subscribe", ["tree": "yes"]).first?["error"]?["code"] == -32602)
    }

    /// A refused `nav.unsubscribe` changes nothing: the connection stays subscribed.
    @Test func unsubscribeWithAnUnknownFieldKeepsTheSubscription() {
        let h = Harness()
        let watcher = h.connect(), writer = h.connect()
        h.call(watcher, "nav.subscribe")
        _ = h.take(watcher)
        let refusal = h.call(watcher, "nav.unsubscribe", ["x": 1])
        #expect(refusal.count == 1 && refusal[0]["error"]?["data"]?["problem"] == "unknown")
        _ = h.take(watcher)
        h.call(writer, "nav.route", ["to": "post", "params": ["postId": 1]])
        let notes = h.take(watcher)
        #expect(notes.count == 1 && notes.first?["method"] == "nav.changed")
    }

    @Test func slowSubscribersAreCoalescedWithoutGaps() {
        var configuration = ServerConfiguration()
        configuration.maxCoalescedChanges = 3
        let h = Harness(configuration: configuration)
        let slow = h.connect(), writer = h.connect()
        h.call(slow, "nav.subscribe", ["events": false])
        _ = h.take(slow)
        h.server.congested(slow)
        for i in 0..<5 {
            h.call(writer, "nav.route", ["to": "post", "params": ["postId": .int(i)]])
            h.call(writer, "nav.close")
        }
        #expect(h.take(slow).isEmpty)
        h.apply(h.server.drained(slow))
        let lines = h.take(slow)
        #expect(lines.count == 1)
        let params = lines[0]["params"]!
        #expect(params["revision"] == 11 && params["baseRevision"] == 1 && params["truncated"] == true)
        #expect(params["changes"]?.arrayValue?.map { $0["revision"] } == [9, 10, 11])
        #expect(params["changes"]?[0]?["events"] == nil)
        #expect(params["root"]?["id"] == "f1")
        // Caught up: the next revision is a plain notification again.
        h.call(writer, "nav.route", ["to": "post", "params": ["postId": 1]])
        #expect(h.take(slow).map { $0["params"]?["baseRevision"] } == [11])
    }

    @Test func resubscribingNeverRepeatsARevision() {
        let h = Harness()
        let c = h.connect()
        h.call(c, "nav.subscribe")
        _ = h.take(c)
        h.send(#"[{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"post","params":{"postId":1}}},{"jsonrpc":"2.0","id":2,"method":"nav.subscribe"}]"# + "\n", from: c)
        let lines = h.take(c)
        #expect(lines.count == 1)
        #expect(lines[0][1]?["result"]?["revision"] == 2)
    }

    @Test func oversizedLinesAreRefusedAndTheThirdCloses() {
        var configuration = ServerConfiguration()
        configuration.maxLineBytes = 64
        let h = Harness(configuration: configuration)
        let c = h.connect()
        let big = String(repeating: "x", count: 100) + "\n"
        h.send(big + #"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"# + "\n" + big, from: c)
        let lines = h.take(c)
        #expect(lines.map { $0["error"]?["data"]?["reason"] ?? $0["id"] } == ["messageTooLarge", 1, "messageTooLarge"])
        #expect(h.closed[c] == nil)
        h.send(big + #"{"jsonrpc":"2.0","id":2,"method":"nav.state"}"# + "\n", from: c)
        #expect(h.take(c).count == 1)
        #expect(h.closed[c] != nil)
    }

    @Test func depthAndBatchLimits() {
        let h = Harness()
        let c = h.connect()
        h.send(String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "\n", from: c)
        #expect(h.take(c).first?["error"]?["data"]?["reason"] == "tooDeep")
        let batch = "[" + Array(repeating: #"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"#, count: 257).joined(separator: ",") + "]\n"
        h.send(batch, from: c)
        #expect(h.take(c).first?["error"]?["data"]?["reason"] == "batchTooLarge")
    }

    @Test func messagesSplitAcrossReadsAreReassembled() {
        let h = Harness()
        let c = h.connect()
        let text = #"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"# + "\r\n"
        for byte in text.utf8 { h.send(String(decoding: [byte], as: UTF8.self), from: c) }
        #expect(h.take(c).first?["result"]?["revision"] == 1)
    }

    @Test func disconnectForgetsTheClient() {
        let h = Harness()
        let a = h.connect(), b = h.connect()
        h.call(a, "daemon.hello", ["name": "viewer"])
        h.call(a, "nav.subscribe")
        #expect(h.call(b, "daemon.info").first?["result"]?["clients"]?.arrayValue?.count == 2)
        h.server.disconnect(a)
        let info = h.call(b, "daemon.info").first?["result"]
        #expect(info?["clients"] == [["id": "c2", "name": nil, "subscribed": false]])
        h.call(b, "nav.route", ["to": "post", "params": ["postId": 1]])
        #expect(h.sent[a]?.last?["method"] != "nav.changed")
    }

    @Test func endOfInputEndsTheLastLine() {
        let h = Harness()
        let c = h.connect()
        h.send(#"{"jsonrpc":"2.0","id":"last","method":"nav.url"}"#, from: c)
        #expect(h.take(c).isEmpty)
        h.apply(h.server.endOfInput(c))
        #expect(h.take(c) == [["jsonrpc": "2.0", "id": "last", "result": ["url": "social://feed"]]])
    }

    @Test func dryRunsAndNoOpsAreNotBroadcast() {
        let h = Harness()
        let watcher = h.connect(), writer = h.connect()
        h.call(watcher, "nav.subscribe")
        _ = h.take(watcher)
        h.call(writer, "nav.deeplink", ["url": "social://chats/c9", "dryRun": true])
        h.call(writer, "nav.popToRoot")
        #expect(h.take(watcher).isEmpty)
        h.call(writer, "nav.deeplink", ["url": "social://chats/c9"])
        #expect(h.take(watcher).map { $0["params"]?["revision"] } == [2])
    }

    @Test func shutdownTellsEveryoneAndRefusesMutations() {
        let h = Harness()
        let a = h.connect(), b = h.connect()
        h.apply(h.server.shutdown(reason: "SIGTERM"))
        let expected: JSONValue = ["jsonrpc": "2.0", "method": "daemon.shutdown", "params": ["reason": "SIGTERM"]]
        #expect(h.take(a) == [expected] && h.take(b) == [expected])
        #expect(h.call(a, "nav.close").first?["error"]?["data"]?["reason"] == "shuttingDown")
        #expect(h.call(a, "nav.state").first?["result"]?["revision"] == 1)
    }

    @Test func queriesAnswer() {
        var configuration = ServerConfiguration()
        configuration.pid = 42
        configuration.socketPath = "/tmp/x.sock"
        configuration.openRPC = ["openrpc": "1.3.2"]
        configuration.clock = { 12.7 }
        let h = Harness(configuration: configuration)
        let c = h.connect()
        #expect(h.call(c, "nav.url").first?["result"] == ["url": "social://feed"])
        #expect(h.call(c, "nav.url", ["screen": "s99"]).first?["error"]?["data"]?["reason"] == "unknownInstance")
        #expect(h.call(c, "rpc.discover").first?["result"] == ["openrpc": "1.3.2"])
        #expect(h.call(c, "routes.resolve", ["url": "/feed"]).first?["result"]?["match"]?["screen"] == "feedList")
        #expect(h.call(c, "routes.list").first?["result"]?["app"] == "social")
        let info = h.call(c, "daemon.info").first?["result"]
        #expect(info?["pid"] == 42 && info?["uptimeSeconds"] == 12 && info?["socket"] == "/tmp/x.sock" && info?["app"] == "social")
        #expect(h.call(c, "nav.state", ["extra": 1]).first?["error"]?["code"] == -32602)
        #expect(h.call(c, "rpc.other").first?["error"]?["code"] == -32601)
    }
}
