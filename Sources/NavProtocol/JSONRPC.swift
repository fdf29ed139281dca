internal import NavigationCore
internal import NavJSON

/// The JSON-RPC 2.0 request decoder: one line, read once by `JSONScanner`, into the calls the
/// server runs, the requests it refuses and the line's failure.
///
/// The checks follow the JSON-RPC 2.0 specification; the few places where it leaves room are
/// written down in `Protocol/jsonrpc.md`. When a line has several problems, the one reported is
/// decided in a fixed order, whatever the order of its members: a parse error (or nesting too
/// deep) over everything; then, per request, its id, `jsonrpc`, `method` and `params` members;
/// then the method's name, positional params, and the params' fields in the order the method
/// reads them, unknown fields last. A key given twice counts with its last value.
public enum JSONRPC {
    public static let version = "2.0"

    public static func decode(line: UnsafeBufferPointer<UInt8>, limits: RPCLimits = RPCLimits()) -> RPCMessage {
        var scanner = JSONScanner(line, maxDepth: limits.maxDepth)
        do throws(JSONParser.Error) {
            guard scanner.peek() == UInt8(ascii: "[") else {
                let entry = try entry(&scanner, depth: 1)
                try scanner.end()
                return .single(entry)
            }
            var entries: [RPCEntry] = []
            try scanner.elements(depth: 1) { (element) throws(JSONParser.Error) in
                entries.append(try entry(&element, depth: 2))
            }
            try scanner.end()
            if entries.isEmpty { return .failure(.invalidRequest("an empty batch")) }
            if entries.count > limits.maxBatch {
                return .failure(.batchTooLarge(count: entries.count, limit: limits.maxBatch))
            }
            return .batch(entries)
        } catch {
            return .failure(error.kind == .tooDeep ? .tooDeep(limit: limits.maxDepth) : .parseError(error))
        }
    }

    public static func decode(line: [UInt8], limits: RPCLimits = RPCLimits()) -> RPCMessage {
        line.withUnsafeBufferPointer { decode(line: $0, limits: limits) }
    }

    public static func decode(line: ArraySlice<UInt8>, limits: RPCLimits = RPCLimits()) -> RPCMessage {
        line.withUnsafeBufferPointer { decode(line: $0, limits: limits) }
    }

    /// The members of a request object, as read.
    private struct Envelope {
        var version: Version?
        var id: JSONValue?
        var method: Method?
        var params: ParamsMember?
        /// The JSON type of a `params` member that is neither an object nor an array.
        var paramsOfType: String?
    }

    private enum Version {
        case valid
        case invalid(JSONValue)
    }

    private enum Method {
        case known(RPCMethod)
        case unknown(String)
        /// Not a string.
        case invalid(JSONValue)
    }

    /// A request's `params` member, read as far as the method known at the time allows.
    private enum ParamsMember {
        /// An object decoded for `method` (the method named before it, usually).
        case decoded(Result<RPCCall, NavError>, for: RPCMethod, at: Int)
        /// An object not decoded yet: no known method came before it.
        case object(at: Int)
        case array
    }

    /// One request (or anything else in its place), nested at `depth`.
    private static func entry(_ scanner: inout JSONScanner, depth: Int) throws(JSONParser.Error) -> RPCEntry {
        guard scanner.peek() == UInt8(ascii: "{") else {
            let value = try scanner.value(depth: depth)
            return .invalid(id: .null, error: .invalidRequest("a request must be an object, not \(article(value.typeName))"))
        }
        var envelope = Envelope()
        try scanner.members(depth: depth) { (key, member) throws(JSONParser.Error) -> Bool in
            if key.equals("method") {
                envelope.method = try readMethod(&member, depth: depth + 1)
            } else if key.equals("params") {
                switch member.peek() {
                case UInt8(ascii: "{"):
                    envelope.params = try objectParams(&member, depth: depth + 1, method: envelope.method)
                    envelope.paramsOfType = nil
                case UInt8(ascii: "["):
                    _ = try member.value(depth: depth + 1)
                    envelope.params = .array
                    envelope.paramsOfType = nil
                default:
                    envelope.paramsOfType = try member.value(depth: depth + 1).typeName
                    envelope.params = nil
                }
            } else if key.equals("id") {
                envelope.id = try member.value(depth: depth + 1)
            } else if key.equals("jsonrpc") {
                if let text = member.plainString() {
                    envelope.version = text.equals("2.0") ? .valid : .invalid(.string(String(decoding: text, as: UTF8.self)))
                } else {
                    let value = try member.value(depth: depth + 1)
                    envelope.version = value == .string(version) ? .valid : .invalid(value)
                }
            } else {
                _ = try member.value(depth: depth + 1)
            }
            return true
        }

        // The id first, so that a refusal can carry it.
        let id = envelope.id
        switch id {
        case nil, .string?, .int?, .double?, .null?: break
        case let other?:
            return .invalid(id: .null, error: .invalidRequest("'id' must be a string, a number or null, not \(article(other.typeName))"))
        }
        let answerID = id ?? .null
        switch envelope.version {
        case .valid?: break
        case nil: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' is missing; it must be \"2.0\""))
        case .invalid(let other)?: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' must be \"2.0\", not \(other)"))
        }
        let method: RPCMethod
        switch envelope.method {
        case nil:
            return .invalid(id: answerID, error: .invalidRequest("'method' is missing"))
        case .invalid(let other)?:
            return .invalid(id: answerID, error: .invalidRequest("'method' must be a string, not \(article(other.typeName))"))
        case .unknown(let name)?:
            if let typeName = envelope.paramsOfType { return paramsOfType(typeName, id: answerID) }
            return .refused(id: id, error: .methodNotFound(name))
        case .known(let known)?:
            method = known
        }
        if let typeName = envelope.paramsOfType { return paramsOfType(typeName, id: answerID) }

        var fields: Params
        switch envelope.params {
        case nil:
            if let call = RPCCall(withoutFields: method) { return .call(id: id, call) }
            fields = Params(names: method.fields)
        case .array?:
            return .refused(id: id, error: .positionalParams(method: method.rawValue))
        case .decoded(let call, let decodedFor, let start)?:
            if decodedFor == method { return entry(id: id, method: method, call) }
            var rescan = JSONScanner(scanner, at: start)
            fields = try Params(names: method.fields, scanning: &rescan, depth: depth + 1)
        case .object(let start)?:
            var rescan = JSONScanner(scanner, at: start)
            fields = try Params(names: method.fields, scanning: &rescan, depth: depth + 1)
        }
        return entry(id: id, method: method, decode(method, &fields))
    }

    private static func paramsOfType(_ typeName: String, id: JSONValue) -> RPCEntry {
        .invalid(id: id, error: .invalidRequest("'params' must be an object or an array, not \(article(typeName))"))
    }

    private static func decode(_ method: RPCMethod, _ fields: inout Params) -> Result<RPCCall, NavError> {
        do throws(NavError) {
            return .success(try RPCCall.decode(method, &fields))
        } catch {
            return .failure(error)
        }
    }

    private static func entry(id: JSONValue?, method: RPCMethod, _ call: Result<RPCCall, NavError>) -> RPCEntry {
        switch call {
        case .success(let call): return .call(id: id, call)
        case .failure(let error): return .badParams(id: id, method: method, error: error)
        }
    }

    /// The `method` member (its value next).
    private static func readMethod(_ member: inout JSONScanner, depth: Int) throws(JSONParser.Error) -> Method {
        if let name = member.plainString() {
            return RPCMethod(name: name).map(Method.known) ?? .unknown(String(decoding: name, as: UTF8.self))
        }
        let value = try member.value(depth: depth)
        guard case .string(let name) = value else { return .invalid(value) }
        return RPCMethod(name: name).map(Method.known) ?? .unknown(name)
    }

    /// A `params` object (its `{` next), nested at `depth`: read for `method` when the request
    /// named one before it, else only checked.
    private static func objectParams(_ member: inout JSONScanner, depth: Int, method: Method?) throws(JSONParser.Error) -> ParamsMember {
        let start = member.index
        guard case .known(let method)? = method else {
            _ = try member.value(depth: depth)
            return .object(at: start)
        }
        var fields = try Params(names: method.fields, scanning: &member, depth: depth)
        return .decoded(decode(method, &fields), for: method, at: start)
    }

    private static func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" || typeName == "integer" ? "an \(typeName)" : "a \(typeName)"
    }
}
