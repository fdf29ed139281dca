public import NavigationCore

/// Appends JSON-RPC messages to a byte buffer as compact JSON, one message per line (each ends
/// with `\n`). Keys come in the order `jsonrpc, id, result|error` and `jsonrpc, method, params`.
///
/// The `Raw` forms splice bytes that are already compact JSON, so a big tree encoded once can be
/// sent in many messages. They do not check those bytes.
public enum RPCEncoder {
    public static func success(id: JSONValue, result: JSONValue, into out: inout [UInt8]) {
        writeSuccess(id: id, result: result, into: &out)
        out.append(newline)
    }

    public static func successRaw(id: JSONValue, resultBytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        writeSuccessRaw(id: id, resultBytes: resultBytes, into: &out)
        out.append(newline)
    }

    public static func successRaw(id: JSONValue, resultBytes: [UInt8], into out: inout [UInt8]) {
        resultBytes.withUnsafeBytes { successRaw(id: id, resultBytes: $0, into: &out) }
    }

    /// A success whose result `writeResult` writes in place (compact JSON, unchecked): no
    /// intermediate value or buffer.
    public static func success(id: JSONValue, into out: inout [UInt8], result writeResult: (inout [UInt8]) -> Void) {
        writeHead(id: id, member: ",\"result\":", into: &out)
        writeResult(&out)
        out.append(UInt8(ascii: "}"))
        out.append(newline)
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":{"reason":…}}}`
    public static func failure(id: JSONValue, error: NavError, into out: inout [UInt8]) {
        writeFailure(id: id, error: error, into: &out)
        out.append(newline)
    }

    public static func response(_ response: RPCResponse, into out: inout [UInt8]) {
        writeResponse(response, into: &out)
        out.append(newline)
    }

    /// The responses of one batch as one array on one line. No responses (a batch of only
    /// notifications) write nothing at all.
    public static func batch(_ responses: [RPCResponse], into out: inout [UInt8]) {
        guard !responses.isEmpty else { return }
        out.append(UInt8(ascii: "["))
        for (index, response) in responses.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            writeResponse(response, into: &out)
        }
        out.append(UInt8(ascii: "]"))
        out.append(newline)
    }

    /// A request, as a client sends it; `id: nil` makes it a notification.
    public static func request(id: JSONValue?, method: String, params: JSONValue?, into out: inout [UInt8]) {
        append("{\"jsonrpc\":\"2.0\"", to: &out)
        if let id {
            append(",\"id\":", to: &out)
            JSONWriter.write(id, into: &out)
        }
        append(",\"method\":", to: &out)
        JSONWriter.writeString(method, into: &out)
        if let params {
            append(",\"params\":", to: &out)
            JSONWriter.write(params, into: &out)
        }
        out.append(UInt8(ascii: "}"))
        out.append(newline)
    }

    /// A server notification; `params: nil` leaves the member out.
    public static func notification(method: String, params: JSONValue?, into out: inout [UInt8]) {
        request(id: nil, method: method, params: params, into: &out)
    }

    public static func notificationRaw(method: String, paramsBytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        append("{\"jsonrpc\":\"2.0\",\"method\":", to: &out)
        JSONWriter.writeString(method, into: &out)
        append(",\"params\":", to: &out)
        out.append(contentsOf: paramsBytes.assumingMemoryBound(to: UInt8.self))
        out.append(UInt8(ascii: "}"))
        out.append(newline)
    }

    public static func notificationRaw(method: String, paramsBytes: [UInt8], into out: inout [UInt8]) {
        paramsBytes.withUnsafeBytes { notificationRaw(method: method, paramsBytes: $0, into: &out) }
    }

    // MARK: - One response object, without the newline

    private static let newline = UInt8(ascii: "\n")

    private static func writeResponse(_ response: RPCResponse, into out: inout [UInt8]) {
        switch response {
        case .success(let id, let result):
            writeSuccess(id: id, result: result, into: &out)
        case .successRaw(let id, let result):
            result.withUnsafeBytes { writeSuccessRaw(id: id, resultBytes: $0, into: &out) }
        case .failure(let id, let error):
            writeFailure(id: id, error: error, into: &out)
        }
    }

    private static func writeSuccess(id: JSONValue, result: JSONValue, into out: inout [UInt8]) {
        writeHead(id: id, member: ",\"result\":", into: &out)
        JSONWriter.write(result, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func writeSuccessRaw(id: JSONValue, resultBytes: UnsafeRawBufferPointer, into out: inout [UInt8]) {
        writeHead(id: id, member: ",\"result\":", into: &out)
        out.append(contentsOf: resultBytes.assumingMemoryBound(to: UInt8.self))
        out.append(UInt8(ascii: "}"))
    }

    private static func writeFailure(id: JSONValue, error: NavError, into out: inout [UInt8]) {
        writeHead(id: id, member: ",\"error\":{\"code\":", into: &out)
        out.append(contentsOf: String(error.code.rawValue).utf8)
        append(",\"message\":", to: &out)
        JSONWriter.writeString(error.message, into: &out)
        append(",\"data\":", to: &out)
        JSONWriter.write(.object(error.data), into: &out)
        append("}}", to: &out)
    }

    private static func writeHead(id: JSONValue, member: StaticString, into out: inout [UInt8]) {
        append("{\"jsonrpc\":\"2.0\",\"id\":", to: &out)
        JSONWriter.write(id, into: &out)
        append(member, to: &out)
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}
