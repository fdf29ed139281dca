@testable import NavServer
import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// Drives a `NavServer` with fake connections, as the transport would, and keeps what each
/// connection was sent as parsed lines (plus the raw payloads, to check sharing).
final class Harness {
    let server: NavServer
    var sent: [ClientID: [JSONValue]] = [:]
    var payloads: [ClientID: [Payload]] = [:]
    var closed: [ClientID: String] = [:]
    private var next: UInt64 = 1

    init(configuration: ServerConfiguration = ServerConfiguration(), history: History? = nil) {
        server = NavServer(navigator: Navigator(definition: .sample, instance: "00000000"), configuration: configuration, history: history)
    }

    func connect() -> ClientID {
        let id = ClientID(next)
        next += 1
        server.connect(id)
        return id
    }

    func apply(_ outputs: [ServerOutput]) {
        for output in outputs {
            switch output {
            case .send(let id, let payload):
                payloads[id, default: []].append(payload)
                var decoder = FrameDecoder()
                decoder.feed(payload.bytes) { frame in
                    guard case .line(let line) = frame, let value = try? JSONParser.parse(Array(line)) else {
                        preconditionFailure("server sent a line that is not JSON")
                    }
                    self.sent[id, default: []].append(value)
                }
            case .close(let id, let reason):
                closed[id] = reason
            }
        }
    }

    func send(_ text: String, from id: ClientID) {
        let bytes = Array(text.utf8)
        apply(bytes.withUnsafeBytes { server.receive($0, from: id) })
    }

    /// Sends one request and returns the lines it produced for that connection.
    @discardableResult
    func call(_ id: ClientID, _ method: String, _ params: JSONValue = [:], requestID: JSONValue = 1) -> [JSONValue] {
        let before = sent[id]?.count ?? 0
        var line: [UInt8] = []
        RPCEncoder.request(id: requestID, method: method, params: params, into: &line)
        apply(line.withUnsafeBytes { server.receive($0, from: id) })
        return Array((sent[id] ?? [])[before...])
    }

    func take(_ id: ClientID) -> [JSONValue] {
        defer { sent[id] = [] }
        return sent[id] ?? []
    }
}
