internal import NavigationCore
public import NavJSON

/// An error the daemon answered: its JSON-RPC code, message and `data` (with `reason`).
public struct RPCError: Error, Sendable, Hashable, CustomStringConvertible {
    public var code: Int
    public var message: String
    public var data: JSONObject

    public init(code: Int, message: String, data: JSONObject = [:]) {
        self.code = code
        self.message = message
        self.data = data
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
