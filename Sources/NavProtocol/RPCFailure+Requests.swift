public import NavJSON

/// The errors of the JSON-RPC layer itself (docs/protocol.md). Each has a `data.reason`, written
/// first in `data`.
extension RPCFailure {
    /// `-32700`: the line is not JSON (invalid UTF-8 included). `data.offset` is the byte where
    /// the parser stopped.
    public static func parseError(_ error: JSONParser.Error) -> RPCFailure {
        rpc(.parseError, "parse error: \(error.message) at byte \(error.offset)",
            ["offset": .int(error.offset)])
    }

    /// `-32600`: not a valid request object (or an empty batch).
    public static func invalidRequest(_ problem: String) -> RPCFailure {
        rpc(.invalidRequest, "invalid request: \(problem)")
    }

    /// `-32600`: the line nests deeper than the limit. The parser stops at that depth, so this
    /// is answered for the whole line with `id: null`.
    public static func tooDeep(limit: Int) -> RPCFailure {
        rpc(.tooDeep, "invalid request: JSON nested deeper than \(limit) levels",
            ["limit": .int(limit)])
    }

    /// `-32600`: a batch with more entries than the limit; none of them is run.
    public static func batchTooLarge(count: Int, limit: Int) -> RPCFailure {
        rpc(.batchTooLarge, "invalid request: a batch of \(count) entries exceeds the limit of \(limit)", ["limit": .int(limit), "count": .int(count)])
    }

    /// `-32600`: a line longer than the limit; the rest of it was discarded unread.
    public static func messageTooLarge(limit: Int) -> RPCFailure {
        rpc(.messageTooLarge, "invalid request: message longer than \(limit) bytes; the rest of the line was discarded", ["limit": .int(limit)])
    }

    /// `-32601`. Names beginning with `rpc.` are reserved by JSON-RPC; the message says so.
    public static func methodNotFound(_ method: String) -> RPCFailure {
        let detail = RPCMethod.isReserved(method)
            ? " (names beginning with 'rpc.' are reserved for JSON-RPC; navd has only rpc.discover)" : ""
        return rpc(.methodNotFound, "method not found: '\(method)'\(detail)",
                   ["method": .string(method)])
    }

    /// `-32602` with a message of the caller's.
    public static func invalidParams(_ message: String, data: JSONObject = [:]) -> RPCFailure {
        rpc(.invalidParams, "invalid params: \(message)", data)
    }

    /// `-32602`: params given as an array; every navd method takes named params.
    public static func positionalParams(method: String) -> RPCFailure {
        invalidParams("\(method) takes named params (an object), not an array", data: [
            "method": .string(method), "param": "params", "problem": "wrongType",
            "detail": "must be an object, not an array",
        ])
    }

    /// `-32603`: a failure of navd, not of the request.
    public static func internalError(_ message: String) -> RPCFailure {
        rpc(.internalError, "internal error: \(message)")
    }

    /// The request layer's errors carry `reason` first in `data`.
    private static func rpc(_ reason: RPCReason, _ message: String, _ data: JSONObject = [:]) -> RPCFailure {
        var ordered: JSONObject = ["reason": .string(reason.rawValue)]
        for (key, value) in data.pairs where key != "reason" { ordered[key] = value }
        return RPCFailure(reason, message, data: ordered)
    }
}
