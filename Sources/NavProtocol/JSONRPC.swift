internal import NavigationCore
internal import NavJSON

/// The JSON-RPC 2.0 envelope: turns one line into requests, refusals and failures.
///
/// The checks follow the JSON-RPC 2.0 specification; the few places where it leaves room are
/// written down in `Protocol/jsonrpc.md`.
public enum JSONRPC {
    public static let version = "2.0"

    public static func parse(line: UnsafeRawBufferPointer, limits: RPCLimits = RPCLimits()) -> RPCMessage {
        parse(buffer: line.assumingMemoryBound(to: UInt8.self), limits: limits)
    }

    public static func parse(line: ArraySlice<UInt8>, limits: RPCLimits = RPCLimits()) -> RPCMessage {
        line.withUnsafeBufferPointer { parse(buffer: $0, limits: limits) }
    }

    public static func parse(line: [UInt8], limits: RPCLimits = RPCLimits()) -> RPCMessage {
        line.withUnsafeBufferPointer { parse(buffer: $0, limits: limits) }
    }

    private static func parse(buffer: UnsafeBufferPointer<UInt8>, limits: RPCLimits) -> RPCMessage {
        let value: JSONValue
        do {
            value = try JSONParser.parse(buffer, maxDepth: limits.maxDepth)
        } catch {
            return .failure(error.kind == .tooDeep ? .tooDeep(limit: limits.maxDepth) : .parseError(error))
        }
        guard case .array(let elements) = value else { return .single(entry(value)) }
        if elements.isEmpty { return .failure(.invalidRequest("an empty batch")) }
        if elements.count > limits.maxBatch {
            return .failure(.batchTooLarge(count: elements.count, limit: limits.maxBatch))
        }
        return .batch(elements.map(entry))
    }

    /// Validates one request object. The id is read first so that a refusal can carry it.
    static func entry(_ value: JSONValue) -> RPCEntry {
        guard case .object(let object) = value else {
            return .invalid(id: .null, error: .invalidRequest("a request must be an object, not \(article(value.typeName))"))
        }
        let id = object["id"]
        switch id {
        case nil, .string?, .int?, .double?, .null?: break
        case let other?:
            return .invalid(id: .null, error: .invalidRequest("'id' must be a string, a number or null, not \(article(other.typeName))"))
        }
        let answerID = id ?? .null
        switch object["jsonrpc"] {
        case .string(version)?: break
        case nil: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' is missing; it must be \"2.0\""))
        case let other?: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' must be \"2.0\", not \(other)"))
        }
        guard let methodValue = object["method"] else {
            return .invalid(id: answerID, error: .invalidRequest("'method' is missing"))
        }
        guard case .string(let method) = methodValue else {
            return .invalid(id: answerID, error: .invalidRequest("'method' must be a string, not \(article(methodValue.typeName))"))
        }
        let params = object["params"]
        switch params {
        case nil, .object?, .array?: break
        case let other?:
            return .invalid(id: answerID, error: .invalidRequest("'params' must be an object or an array, not \(article(other.typeName))"))
        }
        return .request(RPCRequest(id: id, method: method, params: params))
    }

    private static func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" || typeName == "integer" ? "an \(typeName)" : "a \(typeName)"
    }
}
