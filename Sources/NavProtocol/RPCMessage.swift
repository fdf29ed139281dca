public import NavigationCore
public import NavJSON

/// A well-formed JSON-RPC 2.0 request or notification.
public struct RPCRequest: Sendable, Hashable {
    /// `nil` for a notification (no `id` member), which is never answered. Otherwise a string,
    /// a number or `null`, kept as parsed (`.int`, `.double`, `.string`, `.null`) so the response
    /// echoes it.
    public var id: JSONValue?
    public var method: String
    /// An object or an array when present; the JSON-RPC envelope allows both.
    public var params: JSONValue?

    public init(id: JSONValue?, method: String, params: JSONValue? = nil) {
        self.id = id
        self.method = method
        self.params = params
    }

    public var isNotification: Bool { id == nil }

    /// The named params every navd method takes: `{}` when absent, the object when given.
    /// Positional (array) params are refused with `-32602`.
    public func namedParams() throws(NavError) -> JSONObject {
        switch params {
        case nil: return [:]
        case .object(let object)?: return object
        default: throw NavError.positionalParams(method: method)
        }
    }
}

/// One request of a line (or one entry of a batch), as the server must treat it.
public enum RPCEntry: Sendable, Hashable {
    case request(RPCRequest)
    /// Not a valid request object: always answered with `error` (`-32600`), even without an
    /// `id`. `id` is the request's id when it had a valid one, else `null`.
    case invalid(id: JSONValue, error: NavError)
}

/// Everything one line asks of the server.
public enum RPCMessage: Sendable, Hashable {
    case single(RPCEntry)
    /// A non-empty batch of at most `RPCLimits.maxBatch` entries, in the order received.
    case batch([RPCEntry])
    /// The line as a whole is refused (parse error, too deep, empty or too large batch): answer
    /// with this error and `id: null`.
    case failure(NavError)
}
