import FuzzSupport
import NavProtocol
import NavServer
import NavigationCore
import NavJSON

/// One run of navd's server on the sample app: a subscriber (`c1`) and the fuzzed client (`c2`),
/// whose input arrives in reads of `readSize` bytes, then end of input.
struct ServerSession {
    static let subscriber = ClientID(1)
    static let client = ClientID(2)

    /// The sample app booted once (building its deep-link matcher is most of a boot); every
    /// session starts from a copy.
    static let booted = Navigator(definition: .sample, instance: "f0f0f0f0")

    let server: NavServer
    private(set) var sent: [ClientID: [UInt8]] = [:]
    private(set) var closed: Set<ClientID> = []

    init(input: [UInt8], readSize: Int) {
        var configuration = ServerConfiguration()
        configuration.socketPath = "/run/navd-fuzz/navd.sock"
        configuration.pid = 4242
        server = NavServer(navigator: Self.booted, configuration: configuration)
        server.connect(Self.subscriber)
        receive(Array(#"{"jsonrpc":"2.0","id":1,"method":"nav.subscribe"}"#.utf8) + [UInt8(ascii: "\n")], from: Self.subscriber)
        server.connect(Self.client)
        var start = 0
        while start < input.count {
            let end = min(start + readSize, input.count)
            receive(Array(input[start..<end]), from: Self.client)
            start = end
        }
        take(server.endOfInput(Self.client))
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

    /// Checks every promise and returns the fuzzed client's responses (single objects with an
    /// id, and batch arrays), in order.
    func check(input: [UInt8]) -> [JSONValue] {
        server.navigator.expectSound("after the input")
        let responses = responses()
        checkClient(input: input, responses: responses)
        checkSubscriber()
        return responses
    }

    /// The fuzzed client's responses (single objects with an id, and batch arrays), in order.
    func responses() -> [JSONValue] {
        JSONLines.parse(sent[Self.client] ?? [], what: "navd's writes to the client").filter { line in
            if case .array = line { return true }
            return line["method"] == nil
        }
    }

    private func checkClient(input: [UInt8], responses: [JSONValue]) {
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
        guard !closed.contains(Self.client) else { return }
        for id in requests.expected {
            expect(answered.contains(id), "every request with an id is answered", "id \(JSONWriter.string(id))")
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
