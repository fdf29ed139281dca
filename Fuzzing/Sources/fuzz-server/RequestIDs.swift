import FuzzSupport
import NavigationCore
import NavJSON

/// The ids in what the client sent, read independently of navd: every id of any line or batch
/// entry that parses (a response may carry only these), and the ids of the well-formed
/// requests navd must answer (an object with `"jsonrpc": "2.0"`, a string method and an integer or
/// string id, alone on its line or in a batch).
struct RequestIDs {
    private(set) var sent = Set<JSONValue>()
    private(set) var expected: [JSONValue] = []

    init(input: [UInt8], maxDepth: Int) {
        for line in JSONLines.lines(input[...]) where !line.isEmpty {
            let bytes = Array(line)
            if let value = try? JSONParser.parse(bytes, maxDepth: 4096) { collect(value) }
            guard let value = try? JSONParser.parse(bytes, maxDepth: maxDepth) else { continue }
            switch value {
            case .array(let batch) where batch.count <= 256:
                batch.forEach { expectAnswer($0) }
            default:
                expectAnswer(value)
            }
        }
    }

    private mutating func collect(_ value: JSONValue) {
        switch value {
        case .array(let entries): entries.forEach { if let id = $0["id"] { sent.insert(id) } }
        default: if let id = value["id"] { sent.insert(id) }
        }
    }

    private mutating func expectAnswer(_ request: JSONValue) {
        guard request["jsonrpc"] == "2.0", request["method"]?.stringValue != nil, let id = request["id"] else { return }
        switch id {
        case .int, .string: expected.append(id)
        default: return
        }
    }
}
