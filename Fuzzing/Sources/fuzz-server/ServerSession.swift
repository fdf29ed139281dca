import FuzzSupport
import NavProtocol
import NavServer
import NavigationCore
import NavJSON

/// One run of navd's server on the sample app: a subscriber (`c1`) and two fuzzed clients. The
/// input is cut at each 0x01 byte into segments that go to `c2` and `c3` in turn (so one may
/// listen to events and answer `event.handle` — alone or in batches, in time or late — while
/// the other emits them); each segment arrives in reads of `readSize` bytes, and between two
/// segments the clock moves on by `clockStep` and navd's timer fires (`tick`). At the end both
/// clients end their input and the clock runs past every listener deadline, so every held emit
/// and every line kept behind it has been answered.
struct ServerSession {
    static let subscriber = ClientID(1)
    static let client = ClientID(2)
    static let other = ClientID(3)
    static let clients = [client, other]
    /// Between two segments: half a listener timeout, so a listener misses a deadline only
    /// after two segments of silence.
    static let clockStep = 0.5

    /// The sample app booted once (building its deep-link matcher is most of a boot); every
    /// session starts from a copy.
    static let booted = Navigator(definition: .sample, instance: "f0f0f0f0")

    /// The server's clock, moved by the session.
    final class Clock: @unchecked Sendable {
        var now = 0.0
    }

    let server: NavServer
    private let clock = Clock()
    private(set) var sent: [ClientID: [UInt8]] = [:]
    private(set) var closed: Set<ClientID> = []
    /// What each fuzzed client sent, its segments joined.
    private(set) var inputs: [ClientID: [UInt8]] = [:]

    /// The segments of an input and the client each goes to.
    static func segments(of input: [UInt8]) -> [(ClientID, ArraySlice<UInt8>)] {
        input.split(separator: 0x01, omittingEmptySubsequences: false).enumerated().map { (clients[$0.offset % 2], $0.element) }
    }

    init(input: [UInt8], readSize: Int) {
        var configuration = ServerConfiguration()
        configuration.socketPath = "/run/navd-fuzz/navd.sock"
        configuration.pid = 4242
        configuration.listenerTimeout = 1
        let clock = self.clock
        configuration.clock = { clock.now }
        // `nav.history`'s `at`: the session's clock, not the wall's, so that both sessions of an
        // input answer the same.
        configuration.now = { Int(clock.now * 1000) }
        server = NavServer(navigator: Self.booted, configuration: configuration)
        server.connect(Self.subscriber)
        receive(Array(#"{"jsonrpc":"2.0","id":1,"method":"nav.subscribe"}"#.utf8) + [UInt8(ascii: "\n")], from: Self.subscriber)
        for client in Self.clients { server.connect(client) }
        for (index, (client, segment)) in Self.segments(of: input).enumerated() {
            if index > 0 {
                clock.now += Self.clockStep
                take(server.tick())
            }
            inputs[client, default: []] += segment
            var start = segment.startIndex
            while start < segment.endIndex {
                let end = min(start + readSize, segment.endIndex)
                receive(Array(segment[start..<end]), from: client)
                start = end
            }
        }
        for client in Self.clients { take(server.endOfInput(client)) }
        // Every turn ends by its deadline at the latest; each connection holds one emit at most,
        // and each release may queue one more of the lines it kept.
        var turns = 0
        while let deadline = server.listenerDeadline {
            turns += 1
            expect(turns <= 10_000, "held emits are decided turn after turn, each by its deadline")
            clock.now = max(clock.now, deadline)
            take(server.tick())
        }
    }

    private mutating func receive(_ bytes: [UInt8], from id: ClientID) {
        take(bytes.withUnsafeBytes { server.receive($0, from: id) })
    }

    private mutating func take(_ outputs: [ServerOutput]) {
        for output in outputs {
            switch output {
            case .send(let id, let payload):
                expect(!closed.contains(id), "nothing is sent to \(id) after its close")
                sent[id, default: []] += payload.bytes
            case .close(let id, _):
                closed.insert(id)
            }
        }
    }

    /// A read size chosen from the input itself (so a crash file replays the same reads):
    /// one byte at a time, a few bytes, or lines cut anywhere.
    static func readSize(for input: [UInt8]) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in input { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return [1, 2, 3, 5, 8, 13, 64, 1000][Int(hash % 8)]
    }

    /// Checks every promise and returns the fuzzed clients' responses (single objects with an
    /// id, and batch arrays), in order.
    func check() -> [JSONValue] {
        server.navigator.expectSound("after the input")
        var all: [JSONValue] = []
        for client in Self.clients {
            let responses = responses(of: client)
            checkClient(client, input: inputs[client] ?? [], responses: responses)
            all += responses
        }
        checkSubscriber()
        return all
    }

    /// The fuzzed clients' responses (single objects with an id, and batch arrays), in order:
    /// `c2`'s, then `c3`'s.
    func responses() -> [JSONValue] {
        Self.clients.flatMap(responses(of:))
    }

    /// What navd wrote to a fuzzed client but its notifications and `event.handle` requests.
    private func responses(of client: ClientID) -> [JSONValue] {
        JSONLines.parse(sent[client] ?? [], what: "navd's writes to \(client)").filter { line in
            if case .array = line { return true }
            if line["method"] == "event.handle" {
                expect(line["id"]?.stringValue?.hasPrefix("e") == true, "navd's own requests have ids e1, e2, …", JSONWriter.string(line))
            }
            return line["method"] == nil
        }
    }

    private func checkClient(_ client: ClientID, input: [UInt8], responses: [JSONValue]) {
        let requests = RequestIDs(input: input, maxDepth: server.configuration.maxDepth)
        var answered = Set<JSONValue>()
        for line in responses {
            let entries: [JSONValue]
            if case .array(let batch) = line {
                expect(!batch.isEmpty, "a batch response is not empty")
                entries = batch
            } else {
                entries = [line]
            }
            for response in entries {
                expect(response["jsonrpc"] == "2.0", "a response says jsonrpc 2.0", JSONWriter.string(response))
                let id = response["id"] ?? .null
                expect(id == .null || requests.sent.contains(id), "a response carries an id the client sent",
                       JSONWriter.string(response))
                expect((response["result"] == nil) != (response["error"] == nil),
                       "a response has either a result or an error", JSONWriter.string(response))
                if let error = response["error"] {
                    expect(error["code"]?.intValue != nil && error["message"]?.stringValue != nil,
                           "an error has an integer code and a message", JSONWriter.string(response))
                }
                answered.insert(id)
            }
        }
        guard !closed.contains(client) else { return }
        for id in requests.expected {
            expect(answered.contains(id), "every request with an id is answered", "\(client): id \(JSONWriter.string(id))")
        }
    }

    private func checkSubscriber() {
        let lines = JSONLines.parse(sent[Self.subscriber] ?? [], what: "navd's writes to the subscriber")
        guard let first = lines.first, let start = first["result"]?["revision"]?.intValue else {
            broken("nav.subscribe answers with the state", lines.first.map(JSONWriter.string) ?? "nothing")
        }
        var revision = start
        var tree = first["result"]?["root"]
        for notification in lines.dropFirst() {
            guard notification["method"] == "nav.changed", let change = notification["params"] else { continue }
            expect(change["baseRevision"]?.intValue == revision, "nav.changed chains from the last revision",
                   "expected base \(revision): \(JSONWriter.string(notification))")
            guard let next = change["revision"]?.intValue, next > revision else {
                broken("nav.changed moves the revision forward", JSONWriter.string(notification))
            }
            revision = next
            if let root = change["root"] { tree = root }
        }
        guard !closed.contains(Self.subscriber) else { return }
        expect(revision == server.navigator.revision, "the subscriber reaches navd's revision",
               "\(revision) != \(server.navigator.revision)")
        expect(tree == server.navigator.tree.jsonValue, "the subscriber's last tree is navd's tree")
    }
}
