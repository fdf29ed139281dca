import Testing
import NavigationCore
import NavProtocol
import NavJSON

func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

func decode(_ line: String, limits: RPCLimits = RPCLimits()) -> RPCMessage {
    JSONRPC.decode(line: bytes(line), limits: limits)
}

/// What a call decoded from `line` keeps of its params: where `params`, as written in the
/// line, lies in it.
func params(_ params: String, in line: String) -> ReceivedParams {
    let haystack = bytes(line), needle = bytes(params)
    let start = (0...(haystack.count - needle.count)).first { haystack[$0..<($0 + needle.count)].elementsEqual(needle) }
    return ReceivedParams(start.map { $0..<($0 + needle.count) })
}

/// The params bytes a single call decoded from `line` gives its revision's cause.
func receivedParams(_ line: String) -> String? {
    guard case .single(.call(_, _, let received)) = decode(line) else { return nil }
    return bytes(line).withUnsafeBufferPointer { received.withBytes(in: $0) { text(Array($0)) } }
}

/// The error of a line refused as a whole.
func lineError(_ message: RPCMessage) -> RPCFailure? {
    if case .failure(let error) = message { return error }
    return nil
}

/// A line answered the way a server built on this module answers: decode, run each call,
/// encode; a batch's answers joined into one array. The calls are answered by a stand-in:
/// `daemon.hello` with its name, `routes.resolve` with its URL, every other call with `null`.
/// Returns what goes on the wire.
func respond(_ line: String) -> String {
    func answer(_ entry: RPCEntry) -> String? {
        var out = JSONBuffer()
        switch entry {
        case .invalid(let id, let error):
            RPCEncoder.failure(id: id, error: error, into: &out)
        case .refused(let id?, let error):
            RPCEncoder.failure(id: id, error: error, into: &out)
        case .badParams(let id?, _, let error):
            RPCEncoder.failure(id: id, error: RPCFailure(error), into: &out)
        case .call(let id?, let call, _):
            let result: JSONValue
            switch call {
            case .daemonHello(let name): result = .string(name)
            case .routesResolve(let url): result = .string(url)
            default: result = .null
            }
            RPCEncoder.success(id: id, result: result, into: &out)
        case .refused(nil, _), .badParams(nil, _, _), .call(nil, _, _), .response:
            return nil
        }
        return String(text(out.bytes).dropLast())
    }
    switch JSONRPC.decode(line: bytes(line)) {
    case .failure(let error):
        return text(JSONBuffer.encode { RPCEncoder.failure(id: .null, error: error, into: &$0) })
    case .single(let entry):
        return answer(entry).map { $0 + "\n" } ?? ""
    case .batch(let entries):
        let answers = entries.compactMap(answer)
        return answers.isEmpty ? "" : "[" + answers.joined(separator: ",") + "]\n"
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
