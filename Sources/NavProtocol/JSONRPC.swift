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
        var version: JSONValue?
        var id: JSONValue?
        var method: JSONValue?
        var params: ParamsMember?
        /// The JSON type of a `params` member that is neither an object nor an array.
        var paramsOfType: String?
    }

    /// A request's `params` member, read as far as the method known at the time allows.
    private enum ParamsMember {
        /// An object read for `method` (the method named before it, usually).
        case fields(Params, method: RPCMethod, at: Int)
        /// An object not read yet: no known method came before it.
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
                envelope.method = try member.value(depth: depth + 1)
            } else if key.equals("params") {
                switch member.peek() {
                case UInt8(ascii: "{"):
                    envelope.params = try objectParams(&member, depth: depth + 1, method: envelope.method.flatMap(method(named:)))
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
                envelope.version = try member.value(depth: depth + 1)
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
        case .string(version)?: break
        case nil: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' is missing; it must be \"2.0\""))
        case let other?: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' must be \"2.0\", not \(other)"))
        }
        guard let methodValue = envelope.method else {
            return .invalid(id: answerID, error: .invalidRequest("'method' is missing"))
        }
        guard case .string(let name) = methodValue else {
            return .invalid(id: answerID, error: .invalidRequest("'method' must be a string, not \(article(methodValue.typeName))"))
        }
        if let typeName = envelope.paramsOfType {
            return .invalid(id: answerID, error: .invalidRequest("'params' must be an object or an array, not \(article(typeName))"))
        }

        guard let method = method(named: methodValue) else { return .refused(id: id, error: .methodNotFound(name)) }
        let fields: Params
        switch envelope.params {
        case nil:
            fields = Params(names: method.fields)
        case .array?:
            return .refused(id: id, error: .positionalParams(method: name))
        case .fields(let read, let readFor, let start)?:
            if readFor == method {
                fields = read
            } else {
                var rescan = JSONScanner(scanner, at: start)
                fields = try Params(names: method.fields, scanning: &rescan, depth: depth + 1)
            }
        case .object(let start)?:
            var rescan = JSONScanner(scanner, at: start)
            fields = try Params(names: method.fields, scanning: &rescan, depth: depth + 1)
        }
        do throws(NavError) {
            return .call(id: id, try RPCCall.decode(method, fields))
        } catch {
            return .badParams(id: id, method: method, error: error)
        }
    }

    /// A `params` object (its `{` next), nested at `depth`: read for `method` when the request
    /// named one before it, else only checked.
    private static func objectParams(_ member: inout JSONScanner, depth: Int, method: RPCMethod?) throws(JSONParser.Error) -> ParamsMember {
        let start = member.index
        guard let method else {
            _ = try member.value(depth: depth)
            return .object(at: start)
        }
        return .fields(try Params(names: method.fields, scanning: &member, depth: depth), method: method, at: start)
    }

    private static func method(named value: JSONValue) -> RPCMethod? {
        guard case .string(let name) = value else { return nil }
        return RPCMethod(name: name)
    }

    private static func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" || typeName == "integer" ? "an \(typeName)" : "a \(typeName)"
    }
}
