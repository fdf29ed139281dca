import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavJSON

/// A transport as the daemon's is, for the server's handler path: it queues what each
/// connection is sent, keeps it unread until the peer reads (`read(_:)`), and answers every
/// send with whether the connection's unsent bytes are above the high watermark.
final class FakeTransport: ServerOutputHandler {
    let highWatermark: Int
    var unsent: [ClientID: Int] = [:]
    var peakUnsent: [ClientID: Int] = [:]
    var lines: [ClientID: [JSONValue]] = [:]
    var closed: [ClientID: String] = [:]

    init(highWatermark: Int = 256 * 1024) {
        self.highWatermark = highWatermark
    }

    func send(_ bytes: UnsafeRawBufferPointer, to id: ClientID) -> Bool {
        let total = unsent[id, default: 0] + bytes.count
        unsent[id] = total
        peakUnsent[id] = max(peakUnsent[id, default: 0], total)
        var decoder = FrameDecoder()
        decoder.feed(Array(bytes)) { frame in
            guard case .line(let line) = frame, let value = try? JSONParser.parse(Array(line)) else {
                preconditionFailure("server sent a line that is not JSON")
            }
            self.lines[id, default: []].append(value)
        }
        return total > highWatermark
    }

    func close(_ id: ClientID, reason: String) {
        closed[id] = reason
    }

    /// The peer read everything it was sent: the transport reports `drained`.
    func read(_ id: ClientID, server: NavServer) {
        unsent[id] = 0
        server.drained(id, handler: self)
    }

    func take(_ id: ClientID) -> [JSONValue] {
        defer { lines[id] = [] }
        return lines[id] ?? []
    }
}

/// One client's burst must not be charged to others: a whole read's notifications count
/// toward a subscriber's unsent bytes as they are queued, so paused viewers coalesce within
/// the read instead of receiving (and being disconnected for) every revision of it.
@Suite struct BurstTests {
    static func mutations(_ count: Int) -> [UInt8] {
        var text = ""
        for k in 0..<count {
            text += k % 2 == 0
                ? #"{"jsonrpc":"2.0","id":\#(k),"method":"nav.route","params":{"to":"post","params":{"postId":\#(k)}}}"# + "\n"
                : #"{"jsonrpc":"2.0","id":\#(k),"method":"nav.close"}"# + "\n"
        }
        return Array(text.utf8)
    }

    static func server() -> NavServer {
        NavServer(navigator: Navigator(definition: .sample, instance: "00000000"))
    }

    static func call(_ server: NavServer, _ id: ClientID, _ method: String, _ params: JSONValue = [:], into transport: FakeTransport) {
        var line: [UInt8] = []
        RPCEncoder.request(id: 1, method: method, params: params, into: &line)
        line.withUnsafeBytes { server.receive($0, from: id, handler: transport) }
    }

    /// Checks the notifications chain from `base` without a gap and returns the last revision.
    static func chain(_ notes: [JSONValue], from base: Int) -> Int {
        var revision = base
        for note in notes {
            let params = note["params"]!
            #expect(params["baseRevision"] == .int(revision))
            revision = params["revision"]!.intValue!
        }
        return revision
    }

    /// Before: every viewer was sent all 400 notifications with the tree during the read
    /// (the transport then cut them off at 8 MiB unsent).
    @Test func pausedViewersCoalesceWithinOneReadOfFourHundredMutations() {
        let server = Self.server()
        let transport = FakeTransport(highWatermark: 16 * 1024)
        let writer = ClientID(1)
        let viewers = (2...11).map { ClientID(UInt64($0)) }
        server.connect(writer)
        // A tree worth coalescing: a stack of 60 posts, each notification carries it.
        Self.call(server, writer, "nav.apply", ["ops": .array((0..<60).map { n in
            ["method": "nav.route", "params": ["to": "post", "params": ["postId": .int(n)]]]
        })], into: transport)
        for viewer in viewers {
            server.connect(viewer)
            Self.call(server, viewer, "nav.subscribe", into: transport)
        }
        let base = server.navigator.revision
        for viewer in viewers { #expect(transport.take(viewer).count == 1) }
        transport.unsent = [:]
        transport.peakUnsent = [:]
        _ = transport.take(writer)

        Self.mutations(400).withUnsafeBytes { server.receive($0, from: writer, handler: transport) }
        #expect(transport.take(writer).count == 400)
        #expect(server.navigator.revision == base + 400)
        let state = server.navigator.tree.encodedJSON
        let root = try! JSONParser.parse(state)
        for viewer in viewers {
            let separate = transport.take(viewer)
            #expect(separate.count < 40, "\(viewer) was sent \(separate.count) notifications while paused")
            // What it was sent stops one notification past the high watermark.
            let oneNotification = separate.map { JSONWriter.string($0).utf8.count + 1 }.max() ?? 0
            #expect(transport.peakUnsent[viewer, default: 0] <= transport.highWatermark + oneNotification)
            #expect(transport.closed[viewer] == nil)
            transport.read(viewer, server: server)
            let coalesced = transport.take(viewer)
            #expect(coalesced.count == 1)
            #expect(Self.chain(separate + coalesced, from: base) == base + 400)
            let last = coalesced.last!["params"]!
            #expect(last["changes"]?.arrayValue?.count ?? 0 > 1)
            #expect(last["root"] == root)
        }
    }

    /// The requester's own notifications come after its responses and coalesce too once its
    /// responses and notifications passed the high watermark. Before: all 400 were queued.
    @Test func theRequestersOwnNotificationsCoalesceAfterItsResponses() {
        let server = Self.server()
        let transport = FakeTransport(highWatermark: 16 * 1024)
        let writer = ClientID(1)
        server.connect(writer)
        Self.call(server, writer, "nav.subscribe", into: transport)
        let base = server.navigator.revision
        _ = transport.take(writer)
        transport.unsent = [:]

        Self.mutations(400).withUnsafeBytes { server.receive($0, from: writer, handler: transport) }
        let lines = transport.take(writer)
        let responses = lines.filter { $0["id"] != nil }
        let notes = lines.filter { $0["method"] == "nav.changed" }
        #expect(responses.count == 400)
        #expect(lines.prefix(400).allSatisfy { $0["id"] != nil }, "a notification came before a response")
        #expect(notes.count < 40)
        transport.read(writer, server: server)
        let all = notes + transport.take(writer)
        #expect(Self.chain(all, from: base) == base + 400)
    }

    /// A coalesced notification's changes are bounded in bytes, not only in count: one
    /// client's big revisions are not repeated to every slow subscriber 256 times over.
    @Test func aCoalescedNotificationStaysWithinItsByteBudget() {
        var configuration = ServerConfiguration()
        configuration.maxCoalescedBytes = 4096
        let server = NavServer(navigator: Navigator(definition: .sample, instance: "00000000"), configuration: configuration)
        let transport = FakeTransport()
        let writer = ClientID(1), slow = ClientID(2)
        server.connect(writer)
        server.connect(slow)
        Self.call(server, writer, "daemon.hello", ["name": .string(String(repeating: "n", count: 256))], into: transport)
        Self.call(server, slow, "nav.subscribe", ["tree": false], into: transport)
        let base = server.navigator.revision
        _ = transport.take(slow)
        server.congested(slow)
        for k in 0..<40 {
            Self.call(server, writer, k % 2 == 0 ? "nav.route" : "nav.close",
                      k % 2 == 0 ? ["to": "post", "params": ["postId": .int(k)]] : [:], into: transport)
        }
        #expect(transport.take(slow).isEmpty)
        transport.read(slow, server: server)
        let notes = transport.take(slow)
        #expect(notes.count == 1)
        let params = notes[0]["params"]!
        let changes = params["changes"]!.arrayValue!
        #expect(params["truncated"] == true)
        #expect(params["revision"] == .int(base + 40) && params["baseRevision"] == .int(base))
        #expect(changes.last?["revision"] == .int(base + 40))
        #expect(changes.count < 40)
        let listed = changes.reduce(0) { $0 + JSONWriter.string($1).utf8.count }
        #expect(listed <= 4096)
        #expect(params["root"] != nil, "truncated without the tree")
    }

    /// Before: any name was kept and repeated in every `cause` of this client's revisions.
    @Test func aHelloNameOverTheLimitIsRefusedAndChangesNothing() {
        let h = Harness()
        let c = h.connect()
        #expect(h.call(c, "daemon.hello", ["name": "first"]).first?["result"] == ["client": "c1"])
        let longest = String(repeating: "é", count: 128)  // 256 bytes of UTF-8
        #expect(h.call(c, "daemon.hello", ["name": .string(longest)]).first?["result"] != nil)
        let refused = h.call(c, "daemon.hello", ["name": .string(longest + "x")]).first?["error"]
        #expect(refused?["code"] == -32602)
        #expect(refused?["data"]?["reason"] == "invalidParams")
        #expect(refused?["data"]?["param"] == "name")
        #expect(refused?["data"]?["problem"] == "tooLong")
        #expect(refused?["data"]?["maxBytes"] == 256)
        let info = h.call(c, "daemon.info").first?["result"]
        #expect(info?["clients"]?[0]?["name"] == .string(longest))
    }
}
