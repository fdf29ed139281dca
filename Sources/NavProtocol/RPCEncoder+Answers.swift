public import NavJSON

/// A client's answers to the requests navd sends it (`event.handle`), in the order of every
/// other message: `jsonrpc, id, result|error`.
extension RPCEncoder {
    /// `{"jsonrpc":"2.0","id":…,"result":…}` and its newline.
    public static func success(id: JSONValue, result: JSONValue, into out: inout [UInt8]) {
        var buffer = JSONBuffer()
        success(id: id, result: result, into: &buffer)
        buffer.append(to: &out)
    }

    /// `{"jsonrpc":"2.0","id":…,"error":{"code":…,"message":…}}` and its newline: a client's
    /// refusal has no `data` (navd's own errors are `RPCFailure`s, written by `failure`).
    public static func failure(id: JSONValue, code: RPCErrorCode, message: String, into out: inout [UInt8]) {
        var buffer = JSONBuffer()
        writeHead(id: id, into: &buffer)
        buffer.append(#","error":{"code":"#)
        buffer.append(decimal: code.rawValue)
        buffer.append(#","message":"#)
        JSONWriter.writeString(message, into: &buffer)
        buffer.append("}}\n")
        buffer.append(to: &out)
    }
}
