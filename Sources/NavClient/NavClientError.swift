public import NavJSON
public import NavProtocol

/// An error the daemon answered: its JSON-RPC code, message and `data` (with `reason`).
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: RPCErrorCode
    public var message: String
    public var data: JSONObject

    public init(code: RPCErrorCode, message: String, data: JSONObject = [:]) {
        self.code = code
        self.message = message
        self.data = data
    }

    /// A response's `error` member; nil when it is not an error object of one of navd's codes.
    public init?(json: JSONValue) {
        guard let number = json["code"]?.intValue, let code = RPCErrorCode(rawValue: number),
              let message = json["message"]?.stringValue
        else { return nil }
        self.init(code: code, message: message, data: json["data"]?.objectValue ?? [:])
    }

    /// `data.reason`, what clients switch on (`routeNotAllowed`, `conflict`, …).
    public var reason: String { data["reason"]?.stringValue ?? "" }
    public var description: String { message }
}

/// Why a call did not produce a result.
public enum NavClientError: Error, Sendable, CustomStringConvertible {
    /// No daemon at the socket (`navctl` exits 3 with a hint).
    case unreachable(path: String, reason: String)
    /// The daemon answered an error (`navctl` exits 1).
    case rpc(RPCError)
    /// The connection ended (navd stopped, or it dropped this client).
    case disconnected(String)
    /// No answer in time.
    case timedOut(method: String, seconds: Double)
    /// The daemon sent something that is not JSON-RPC.
    case protocolViolation(String)

    public var description: String {
        switch self {
        case .unreachable(let path, let reason):
            return "no navd at \(path) (\(reason)); start one with `navd` (or `make run`), or point --socket / NAVD_SOCKET at it"
        case .rpc(let error):
            return error.message
        case .disconnected(let why):
            return "connection to navd lost: \(why)"
        case .timedOut(let method, let seconds):
            return "navd did not answer \(method) within \(seconds) s"
        case .protocolViolation(let what):
            return "navd sent something unexpected: \(what)"
        }
    }
}
