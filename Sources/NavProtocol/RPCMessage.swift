public import NavigationCore
public import NavJSON

/// One request of a line (or one entry of a batch), decoded as far as the server must know it.
public enum RPCEntry: Sendable, Hashable {
    /// A request to run. `id` is nil for a notification, which is never answered; otherwise a
    /// string, a number or `null`, kept as read (`.int`, `.double`, `.string`, `.null`) so the
    /// response echoes it. `params`: for a method that changes the state, where its `params`
    /// object lies in the line (`ReceivedParams`: `{}` when it gave none), what the revision's
    /// record keeps as its cause; `.none` for any other method.
    case call(id: JSONValue?, RPCCall, params: ReceivedParams = .none)
    /// A request of a method navd has whose params that method refuses (`-32602`): answered
    /// only when it has an id. While navd shuts down, a mutation is refused as such first.
    case badParams(id: JSONValue?, method: RPCMethod, error: NavError)
    /// A well-formed request navd refuses before looking at its params: an unknown method
    /// (`-32601`) or positional params (`-32602`). Answered only when it has an id.
    case refused(id: JSONValue?, error: RPCFailure)
    /// Not a valid request object: always answered with `error` (`-32600`), even without an
    /// `id`. `id` is the request's id when it had a valid one, else `null`.
    case invalid(id: JSONValue, error: RPCFailure)
    /// A response to a request navd sent (JSON-RPC: no `method`, a `result` or an `error`):
    /// never answered.
    case response(id: JSONValue, result: JSONValue?, error: JSONValue?)
}

/// Everything one line asks of the server.
public enum RPCMessage: Sendable, Hashable {
    case single(RPCEntry)
    /// A non-empty batch of at most `RPCLimits.maxBatch` entries, in the order received.
    case batch([RPCEntry])
    /// The line as a whole is refused (parse error, too deep, empty or too large batch): answer
    /// with this error and `id: null`.
    case failure(RPCFailure)
}
