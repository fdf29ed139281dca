public import NavigationCore
public import NavJSON

/// What navd answers a request it refuses: a JSON-RPC error's reason (`data.reason`, which
/// also gives its `code`), its message for people and `data` with the details. A refusal of
/// the engine (`NavError`) becomes one as it is (`init(_:)`); the request layer and the server
/// make their own (`RPCFailure+Requests.swift`, the server's refusals).
public struct RPCFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public var reason: RPCReason
    public var message: String
    /// Always has `reason` (after the details, unless they already hold it).
    public var data: JSONObject

    public init(_ reason: RPCReason, _ message: String, data: JSONObject = [:]) {
        self.reason = reason
        self.message = message
        var data = data
        data["reason"] = .string(reason.rawValue)
        self.data = data
    }

    /// The engine's refusal, said as it is.
    public init(_ error: NavError) {
        reason = .engine(error.reason)
        message = error.message
        data = error.data
    }

    /// The error's JSON-RPC code.
    public var code: RPCErrorCode { RPCErrorCode(reason) }

    public var description: String { "\(message) (\(reason.rawValue))" }

    /// The same failure, saying which step of an `apply` (or of an event's steps) it came
    /// from, worded as the engine words its own (`NavError.nameStep`).
    public func atStep(_ index: Int, _ what: String) -> RPCFailure {
        var copy = self
        NavError.nameStep(index, what, message: &copy.message, data: &copy.data)
        return copy
    }

    /// What `body` returns; a refusal of the engine becomes the failure it answers.
    @inlinable
    public static func engine<R>(_ body: () throws(NavError) -> R) throws(RPCFailure) -> R {
        do throws(NavError) {
            return try body()
        } catch {
            throw RPCFailure(error)
        }
    }
}
