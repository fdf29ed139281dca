import Testing
@testable import NavServer
import NavProtocol
import NavigationCore

/// The scanned path (`JSONRPC.scan` and `NavOperation.init?(scanning:…)`) against the parsed
/// one, on every line of `RequestCorpus`: the scanner either declines a line or reads exactly
/// what the parser and `NavOperation(method:params:)` read, and a server answers every line
/// with the same bytes either way.
@Suite struct ScannedRequestTests {
    static let lines = RequestCorpus.allLines()

    @Test func theLinesClientsSendMostAreScanned() {
        let hot = [
            #"{"jsonrpc":"2.0","id":0,"method":"nav.route","params":{"to":"post","params":{"postId":0}}}"#,
            #"{"jsonrpc":"2.0","id":1,"method":"nav.close"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"nav.state"}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"nav.selectTab","params":{"tab":3}}"#,
            #"{"jsonrpc":"2.0","id":"x","method":"nav.selectTab","params":{"tab":"feed","flow":"f1"}}"#,
            #"{"jsonrpc": "2.0", "id": null, "method": "nav.close", "params": {"screen": "s4", "expectRevision": 7}}"#,
            #"{"jsonrpc":"2.0","method":"nav.route","params":{"to":"post","params":{"postId":1},"from":"s2","singleTop":true}}"#,
        ]
        for line in hot {
            #expect(JSONRPC.scan(line: Array(line.utf8)[...]) != nil, "\(line)")
        }
        #expect(JSONRPC.scan(line: Array(hot[0].utf8)[...]) == ScannedRequest(
            id: 0, call: .operation(.route(RouteRequest(to: "post", params: ["postId": 0])))))
    }

    @Test(arguments: [RPCLimits(), RPCLimits(maxDepth: 0), RPCLimits(maxDepth: 1), RPCLimits(maxDepth: 2), RPCLimits(maxDepth: 3), RPCLimits(maxDepth: 4)])
    func aScannedLineIsWhatParsingReads(limits: RPCLimits) {
        var scanned = 0
        for line in Self.lines {
            guard let request = JSONRPC.scan(line: line[...], limits: limits) else { continue }
            scanned += 1
            let text = String(decoding: line, as: UTF8.self)
            guard case .single(.request(let parsed)) = JSONRPC.parse(line: line, limits: limits) else {
                Issue.record("scanned, but not one valid request when parsed: \(text)")
                continue
            }
            #expect(parsed.id == request.id && String(reflecting: parsed.id) == String(reflecting: request.id), "\(text)")
            switch request.call {
            case .state:
                #expect(parsed.method == "nav.state" && (parsed.params == nil || parsed.params == [:]), "\(text)")
            case .operation(let operation):
                do throws(NavError) {
                    #expect(try RPCMethod.named(parsed.method).mutatesState, "\(text)")
                    let decoded = try NavOperation(method: parsed.method, params: parsed.params)
                    // `String(reflecting:)` also compares the order of keys in route params.
                    #expect(decoded == operation && String(reflecting: decoded) == String(reflecting: operation), "\(text)")
                } catch {
                    Issue.record("scanned, but the parsed request is refused (\(error)): \(text)")
                }
            }
        }
        // The comparison means something only if many lines take the fast path.
        #expect(scanned >= (limits.maxDepth >= 3 ? 1000 : 0))
        if limits.maxDepth == 0 { #expect(scanned == 0) }
        #expect(Self.lines.count > 50_000)
    }

    @Test func aServerAnswersEveryLineAlikeWithAndWithoutScanning() {
        let pair = ServerPair()
        for (number, line) in Self.lines.enumerated() {
            pair.send(line + [0x0A])
            // Now and then a batch, a request split over reads, several lines in one read.
            if number % 97 == 0 { pair.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"nav.close"}"#.utf8) + [0x0A] + line + [0x0A]) }
            if number % 89 == 0, line.count > 4 {
                pair.send(Array(line[..<3]))
                pair.send(Array(line[3...]) + [0x0A])
            }
            // Keep the stack short enough for routes to keep succeeding.
            if number % 50 == 0 { pair.send(Array(#"{"jsonrpc":"2.0","id":9,"method":"nav.popToRoot"}"#.utf8) + [0x0A]) }
        }
        #expect(pair.fast.navigator.revision == pair.general.navigator.revision)
        #expect(pair.fast.navigator.revision > 500)
        pair.shutdown()
        for line in Self.lines.prefix(500) { pair.send(line + [0x0A]) }
    }
}

/// Two servers on the same state, one scanning requests and one only parsing them, each with
/// a client that writes and a subscriber; every output of the one must equal the other's. The
/// scanning one is read as the daemon reads it (`receive(_:from:handler:)`, every output
/// carried out as it arises).
final class ServerPair {
    /// Records what the server hands the daemon's transport, as outputs.
    final class Recorder: ServerOutputHandler {
        var outputs: [ServerOutput] = []

        func send(_ bytes: UnsafeRawBufferPointer, to id: ClientID) -> Bool {
            outputs.append(.send(id, Payload(Array(bytes))))
            return false
        }

        func close(_ id: ClientID, reason: String) {
            outputs.append(.close(id, reason: reason))
        }
    }

    let fast: NavServer
    let general: NavServer
    let writer = ClientID(1)
    let subscriber = ClientID(2)

    init() {
        fast = NavServer(navigator: Navigator(definition: .sample, instance: "00000000"), configuration: ServerConfiguration(), scansRequests: true)
        general = NavServer(navigator: Navigator(definition: .sample, instance: "00000000"), configuration: ServerConfiguration(), scansRequests: false)
        for server in [fast, general] {
            server.connect(writer)
            server.connect(subscriber)
        }
        send(Array(#"{"jsonrpc":"2.0","id":1,"method":"nav.subscribe"}"#.utf8) + [0x0A], from: subscriber)
    }

    func send(_ bytes: [UInt8], from id: ClientID? = nil) {
        // The daemon's way of receiving on the one side, the array-returning way on the other.
        let recorder = Recorder()
        bytes.withUnsafeBytes { fast.receive($0, from: id ?? writer, handler: recorder) }
        let a = recorder.outputs
        let b = bytes.withUnsafeBytes { general.receive($0, from: id ?? writer) }
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(Self.wire(a) == Self.wire(b), "\(line)")
        if fast.clientIDs != general.clientIDs { Issue.record("connections differ after \(line)") }
    }

    func shutdown() {
        #expect(Self.wire(fast.shutdown(reason: "test")) == Self.wire(general.shutdown(reason: "test")))
    }

    /// Outputs as comparable text: what is sent to whom, what is closed and why.
    static func wire(_ outputs: [ServerOutput]) -> [String] {
        outputs.map { output in
            switch output {
            case .send(let id, let payload): return "send \(id) \(String(decoding: payload.bytes, as: UTF8.self))"
            case .close(let id, let reason): return "close \(id) \(reason)"
            }
        }
    }
}
