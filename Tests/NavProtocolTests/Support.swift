import Testing
import NavigationCore
import NavProtocol
import NavJSON

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

func parse(_ line: String, limits: RPCLimits = RPCLimits()) -> RPCMessage {
    JSONRPC.parse(line: bytes(line), limits: limits)
}

/// The error of a line refused as a whole.
func lineError(_ message: RPCMessage) -> NavError? {
    if case .failure(let error) = message { return error }
    return nil
}

/// The JSON-RPC 2.0 specification's example methods, answered the way a server built on this
/// module answers: parse, dispatch each request, encode. Returns what goes on the wire.
func respond(_ line: String) -> String {
    func answer(_ entry: RPCEntry) -> RPCResponse? {
        switch entry {
        case .invalid(let id, let error):
            return .failure(id: id, error: error)
        case .request(let request):
            let outcome = Result { () throws(NavError) -> JSONValue in try specMethod(request) }
            guard let id = request.id else { return nil }
            switch outcome {
            case .success(let result): return .success(id: id, result: result)
            case .failure(let error): return .failure(id: id, error: error)
            }
        }
    }
    var out = JSONBuffer()
    switch JSONRPC.parse(line: bytes(line)) {
    case .failure(let error): RPCEncoder.failure(id: .null, error: error, into: &out)
    case .single(let entry): if let response = answer(entry) { RPCEncoder.response(response, into: &out) }
    case .batch(let entries): RPCEncoder.batch(entries.compactMap(answer), into: &out)
    }
    return text(out.bytes)
}

private func specMethod(_ request: RPCRequest) throws(NavError) -> JSONValue {
    let numbers: [Int]
    switch request.params {
    case .array(let values)?: numbers = values.compactMap(\.intValue)
    case .object(let object)?: numbers = [object["minuend"]?.intValue ?? 0, object["subtrahend"]?.intValue ?? 0]
    case nil: numbers = []
    default: throw NavError.internalError("params passed the envelope check")
    }
    switch request.method {
    case "subtract": return .int(numbers[0] - numbers[1])
    case "sum": return .int(numbers.reduce(0, +))
    case "get_data": return ["hello", 5]
    case "update", "notify_hello", "notify_sum": return .null
    default: throw NavError.methodNotFound(request.method)
    }
}

/// A response line reduced to what the specification fixes: every member, but of an error
/// only its `code` (navd's messages and `data` differ from the specification's). Also checks
/// that the output is exactly one line and, for navd's output, that every error has a
/// `data.reason`.
func normalized(_ output: String, fromNavd: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue? {
    if output.isEmpty { return nil }
    #expect(output.last == "\n" && output.dropLast().contains("\n") == false, sourceLocation: sourceLocation)
    guard let value = try? JSONParser.parse(String(output.dropLast())) else {
        Issue.record("not JSON: \(output)", sourceLocation: sourceLocation)
        return nil
    }
    func reduce(_ response: JSONValue) -> JSONValue {
        guard var object = response.objectValue else { return response }
        if let error = object["error"] {
            let reason = error["data"]?["reason"]?.stringValue ?? ""
            #expect(!fromNavd || !reason.isEmpty, "an error without data.reason: \(error)", sourceLocation: sourceLocation)
            object["error"] = ["code": error["code"] ?? .null]
        }
        return .object(object)
    }
    if case .array(let responses) = value { return .array(responses.map(reduce)) }
    return reduce(value)
}

func normalizedSpec(_ expected: String) -> JSONValue? {
    expected.isEmpty ? nil : normalized(expected + "\n", fromNavd: false)
}
