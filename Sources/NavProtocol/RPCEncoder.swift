public import NavJSON

/// Appends JSON-RPC messages to a byte buffer as compact JSON, one message per line (each ends
/// with `\n`): every envelope navd or a client sends is written here. Keys come in the order
/// `jsonrpc, id, result|error` and `jsonrpc, id?, method, params`.
///
/// The `Raw` forms and the writer closures splice bytes that are already compact JSON, so a big
/// tree encoded once can be sent in many messages. They do not check those bytes.
public enum RPCEncoder {
    public static func success(id: JSONValue, result: JSONValue, into out: inout JSONBuffer) {
        writeSuccess(id: id, result: result, into: &out)
        out.append(newline)
    }

    public static func successRaw(id: JSONValue, resultBytes: UnsafeRawBufferPointer, into out: inout JSONBuffer) {
        writeSuccessRaw(id: id, resultBytes: resultBytes, into: &out)
        out.append(newline)
    }

    public static func successRaw(id: JSONValue, resultBytes: [UInt8], into out: inout JSONBuffer) {
        resultBytes.withUnsafeBytes { successRaw(id: id, resultBytes: $0, into: &out) }
    }

    /// A success whose result `writeResult` writes in place (compact JSON, unchecked): no
    /// intermediate value or buffer.
    @inlinable
    public static func success(id: JSONValue, into out: inout JSONBuffer, result writeResult: (inout JSONBuffer) -> Void) {
        writeHead(id: id, into: &out)
        out.append(#","result":"#)
        writeResult(&out)
        out.append("}\n")
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…,"data":{"reason":…}}}`
    public static func failure(id: JSONValue, error: RPCFailure, into out: inout JSONBuffer) {
        writeFailure(id: id, error: error, into: &out)
        out.append(newline)
    }

    /// A request, as a client sends it; `id: nil` makes it a notification.
    public static func request(id: JSONValue?, method: String, params: JSONValue?, into out: inout JSONBuffer) {
        out.append(#"{"jsonrpc":"2.0""#)
        if let id {
            out.append(#","id":"#)
            JSONWriter.write(id, into: &out)
        }
        out.append(#","method":"#)
        JSONWriter.writeString(method, into: &out)
        if let params {
            out.append(#","params":"#)
            JSONWriter.write(params, into: &out)
        }
        out.append("}\n")
    }

    /// A request navd sends a client (`event.handle`), with navd's own string id; its params
    /// are written in place by `writeParams` (compact JSON, unchecked).
    @inlinable
    public static func request(
        id: String, _ method: RPCServerRequest, into out: inout JSONBuffer, params writeParams: (inout JSONBuffer) -> Void
    ) {
        out.append(#"{"jsonrpc":"2.0","id":"#)
        JSONWriter.writeString(id, into: &out)
        out.append(#","method":"#)
        JSONWriter.writeString(method.rawValue, into: &out)
        out.append(#","params":"#)
        writeParams(&out)
        out.append("}\n")
    }

    /// A notification navd sends; its params are written in place by `writeParams` (compact
    /// JSON, unchecked): a big tree encoded once is spliced into many of them.
    @inlinable
    public static func notification(
        _ method: RPCNotification, into out: inout JSONBuffer, params writeParams: (inout JSONBuffer) -> Void
    ) {
        out.append(method.envelopeHead)
        writeParams(&out)
        out.append("}\n")
    }

    // MARK: - One response object, without the newline

    @usableFromInline static let newline = UInt8(ascii: "\n")

    private static func writeSuccess(id: JSONValue, result: JSONValue, into out: inout JSONBuffer) {
        writeHead(id: id, into: &out)
        out.append(#","result":"#)
        JSONWriter.write(result, into: &out)
        out.append(UInt8(ascii: "}"))
    }

    private static func writeSuccessRaw(id: JSONValue, resultBytes: UnsafeRawBufferPointer, into out: inout JSONBuffer) {
        writeHead(id: id, into: &out)
        out.append(#","result":"#)
        out.append(resultBytes)
        out.append(UInt8(ascii: "}"))
    }

    private static func writeFailure(id: JSONValue, error: RPCFailure, into out: inout JSONBuffer) {
        writeHead(id: id, into: &out)
        out.append(#","error":"#)
        error.writeJSON(into: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// `{"jsonrpc":"2.0","id":…`; an integer id, the usual kind, without the general writer.
    @usableFromInline
    static func writeHead(id: JSONValue, into out: inout JSONBuffer) {
        out.append(#"{"jsonrpc":"2.0","id":"#)
        if case .int(let number) = id {
            out.append(decimal: number)
        } else {
            JSONWriter.write(id, into: &out)
        }
    }
}

/// The same messages appended to a `[UInt8]`, for clients and tests.
extension RPCEncoder {
    public static func request(id: JSONValue?, method: String, params: JSONValue?, into out: inout [UInt8]) {
        var buffer = JSONBuffer()
        request(id: id, method: method, params: params, into: &buffer)
        buffer.append(to: &out)
    }
}

extension RPCNotification {
    /// `{"jsonrpc":"2.0","method":"<name>","params":`, made once per notification from its name
    /// in the table: `nav.changed` goes out after every revision (writing the name each time
    /// cost about 100 instructions).
    @usableFromInline var envelopeHead: [UInt8] {
        Self.envelopeHeads.first { $0.method == self }!.head
    }

    private static let envelopeHeads: [(method: RPCNotification, head: [UInt8])] = allCases.map { method in
        var head = JSONBuffer(capacity: 64)
        head.append(#"{"jsonrpc":"2.0","method":"#)
        JSONWriter.writeString(method.rawValue, into: &head)
        head.append(#","params":"#)
        return (method, head.bytes)
    }
}
