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

    // What the envelope's members were, as far as deciding the request needs: a value that
    // is refused is noted where it lies in the line and read again only to say why, so that
    // a valid request holds nothing to copy or release here.

    private enum Version {
        case valid
        /// Not "2.0": the value at this offset.
        case invalid(at: Int)
    }

    private enum Method {
        case known(RPCMethod)
        /// A name navd does not have: the string at this offset.
        case unknown(at: Int)
        /// Not a string: the value at this offset.
        case invalid(at: Int)
    }

    /// What a request's `params` member is, as far as the method known when it was read allows.
    private enum ParamsMember {
        case absent
        /// An object whose fields were read for this method (the one named before it,
        /// usually), into the entry's `fields`; it lies in `range` of the line.
        case read(for: RPCMethod, range: Range<Int>)
        /// An object not read yet: no known method came before it.
        case object(range: Range<Int>)
        case array
        /// Neither an object nor an array: its JSON type.
        case other(String)
    }

    /// One request (or anything else in its place), nested at `depth`.
    private static func entry(_ scanner: inout JSONScanner, depth: Int) throws(JSONParser.Error) -> RPCEntry {
        guard scanner.peek() == UInt8(ascii: "{") else {
            let value = try scanner.value(depth: depth)
            return .invalid(id: .null, error: .invalidRequest("a request must be an object, not \(article(value.typeName))"))
        }
        var id: JSONValue?
        var version: Version?
        var method: Method?
        var params = ParamsMember.absent
        // A response to a request navd sent (`event.handle`): it has `result` or `error`.
        var result: JSONValue?
        var errorMember: JSONValue?
        // The fields of `params`, read in place as soon as the method is known.
        var fields: Params?
        try scanner.members(depth: depth) { (key, member) throws(JSONParser.Error) -> Bool in
            if key.equals("method") {
                method = try readMethod(&member, depth: depth + 1)
            } else if key.equals("params") {
                let start = member.index
                switch member.peek() {
                case UInt8(ascii: "{"):
                    if case .known(let known)? = method {
                        fields = try Params(names: known.fields, scanning: &member, depth: depth + 1)
                        params = .read(for: known, range: start..<member.index)
                    } else {
                        try member.skipValue(depth: depth + 1)
                        params = .object(range: start..<member.index)
                    }
                case UInt8(ascii: "["):
                    try member.skipValue(depth: depth + 1)
                    params = .array
                default:
                    params = .other(try member.value(depth: depth + 1).typeName)
                }
            } else if key.equals("id") {
                // Most ids are small integers, read here without a call.
                if let number = member.positiveInteger() {
                    id = .int(number)
                } else {
                    id = try member.value(depth: depth + 1)
                }
            } else if key.equals("result") {
                result = try member.value(depth: depth + 1)
            } else if key.equals("error") {
                errorMember = try member.value(depth: depth + 1)
            } else if key.equals("jsonrpc") {
                let start = member.index
                if let text = member.plainString() {
                    version = text.equals("2.0") ? .valid : .invalid(at: start)
                } else {
                    let value = try member.value(depth: depth + 1)
                    version = value == .string(Self.version) ? .valid : .invalid(at: start)
                }
            } else {
                try member.skipValue(depth: depth + 1)
            }
            return true
        }

        // A response (no method; a result or an error) is the peer answering navd.
        if method == nil, result != nil || errorMember != nil {
            return .response(id: id ?? .null, result: result, error: errorMember)
        }
        // The id first, so that a refusal can carry it.
        switch id {
        case nil, .string?, .int?, .double?, .null?: break
        case let other?:
            return .invalid(id: .null, error: .invalidRequest("'id' must be a string, a number or null, not \(article(other.typeName))"))
        }
        let answerID = id ?? .null
        switch version {
        case .valid?: break
        case nil: return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' is missing; it must be \"2.0\""))
        case .invalid(let offset)?:
            let other = checkedValue(at: offset, of: scanner, depth: depth + 1)
            return .invalid(id: answerID, error: .invalidRequest("'jsonrpc' must be \"2.0\", not \(other)"))
        }
        let known: RPCMethod
        switch method {
        case nil:
            return .invalid(id: answerID, error: .invalidRequest("'method' is missing"))
        case .invalid(let offset)?:
            let other = checkedValue(at: offset, of: scanner, depth: depth + 1)
            return .invalid(id: answerID, error: .invalidRequest("'method' must be a string, not \(article(other.typeName))"))
        case .unknown(let offset)?:
            if case .other(let typeName) = params { return paramsOfType(typeName, id: answerID) }
            guard case .string(let name) = checkedValue(at: offset, of: scanner, depth: depth + 1) else {
                preconditionFailure("navd: an unknown method's name is not a string")
            }
            return .refused(id: id, error: .methodNotFound(name))
        case .known(let named)?:
            known = named
        }

        // What a revision's record keeps of the request (`ReceivedParams`).
        var received = ReceivedParams.none
        switch params {
        case .absent:
            if let call = RPCCall(withoutFields: known) { return .call(id: id, call) }
            fields = Params(names: known.fields)
        case .array:
            return .refused(id: id, error: .positionalParams(method: known.rawValue))
        case .other(let typeName):
            return paramsOfType(typeName, id: answerID)
        case .read(let readFor, let range):
            // A `method` repeated after `params` names another method: its fields are read again.
            if readFor != known {
                var rescan = JSONScanner(scanner, at: range.lowerBound)
                fields = try Params(names: known.fields, scanning: &rescan, depth: depth + 1)
            }
            if known.mutatesState { received = ReceivedParams(range) }
        case .object(let range):
            var rescan = JSONScanner(scanner, at: range.lowerBound)
            fields = try Params(names: known.fields, scanning: &rescan, depth: depth + 1)
            if known.mutatesState { received = ReceivedParams(range) }
        }
        do throws(NavError) {
            return .call(id: id, try RPCCall.decode(known, &fields!), params: received)
        } catch {
            return .badParams(id: id, method: known, error: error)
        }
    }

    private static func paramsOfType(_ typeName: String, id: JSONValue) -> RPCEntry {
        .invalid(id: id, error: .invalidRequest("'params' must be an object or an array, not \(article(typeName))"))
    }

    /// The `method` member (its value next).
    private static func readMethod(_ member: inout JSONScanner, depth: Int) throws(JSONParser.Error) -> Method {
        let start = member.index
        if let name = member.plainString() {
            return RPCMethod(name: name).map(Method.known) ?? .unknown(at: start)
        }
        guard case .string(let name) = try member.value(depth: depth) else { return .invalid(at: start) }
        return RPCMethod(name: name).map(Method.known) ?? .unknown(at: start)
    }

    /// The value at `offset` of the line `scanner` reads, which the scan checked already.
    private static func checkedValue(at offset: Int, of scanner: JSONScanner, depth: Int) -> JSONValue {
        var value = JSONScanner(scanner, at: offset)
        do throws(JSONParser.Error) {
            return try value.value(depth: depth)
        } catch {
            preconditionFailure("navd: a value checked before is not JSON: \(error)")
        }
    }

    private static func article(_ typeName: String) -> String {
        typeName == "array" || typeName == "object" || typeName == "integer" ? "an \(typeName)" : "a \(typeName)"
    }
}
