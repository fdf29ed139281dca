import NavJSON
import NavSpelling
/// A refusal of the engine: what went wrong (`reason`, a closed list clients switch on as
/// `data.reason`), a message for people and `data` with the details. Every refusal of the core
/// is one of these, and a refused operation changes nothing. The engine knows no JSON-RPC: how
/// a refusal is answered, and the refusals of the request layer and the server beside the
/// engine's, are the protocol's business (NavProtocol's `RPCFailure`).
public struct NavError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What the engine refuses: params or fields that do not fit, names and instances it does
    /// not have, what the tree's state forbids, a guard, its limits, and a definition that
    /// breaks what validation promised (`internalError`).
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        case invalidParams, internalError
        case unknownDestination, routeNotAllowed, nothingToClose, conflict, noRouteForURL, unknownInstance
        case guarded, limitExceeded
    }

    public var reason: Reason
    public var message: String
    /// Always has `reason` (after the details, unless they already hold it).
    public var data: JSONObject

    public init(_ reason: Reason, _ message: String, data: JSONObject = [:]) {
        self.reason = reason
        self.message = message
        var data = data
        data["reason"] = .string(reason.rawValue)
        self.data = data
    }

    public var description: String { "\(message) (\(reason.rawValue))" }

    /// Where in nested `apply`s the error arose: the index of the failed step at each level,
    /// outermost first; empty outside an `apply`. The protocol names the steps
    /// (`NavError.namingSteps(of:)`), since only it knows their method names.
    public var steps: [Int] = []

    /// The guard that refused a screen, on a `guarded` refusal: what holding the request needs,
    /// carried as it is (`data` says the same for the wire).
    var guardHit: GuardHit? {
        get { guardHitBox?.hit }
        set { guardHitBox = newValue.map(GuardHitBox.init) }
    }
    /// Boxed: rare, and inline it doubled every error's size, and with it every decoded
    /// request's (an `RPCEntry` of 128 bytes, its `RPCMessage` copied with `memcpy` twice per
    /// request).
    private var guardHitBox: GuardHitBox?

    /// The same error, saying which step of an `apply` it came from: `what` names the step.
    public func atStep(_ index: Int, _ what: String) -> NavError {
        var copy = self
        Self.nameStep(index, what, message: &copy.message, data: &copy.data)
        return copy
    }

    /// How a refusal names the step it came from: `step 1 (nav.route): …` before the
    /// message, `data.step` the index and `data.stepOp` the innermost step's name.
    public static func nameStep(_ index: Int, _ what: String, message: inout String, data: inout JSONObject) {
        message = "step \(index) (\(what)): \(message)"
        data["step"] = .int(index)
        if data["stepOp"] == nil { data["stepOp"] = .string(what) }
    }
}

extension NavError {
    /// `data.suggestions`: the known names nearest the mistyped one (`NearestNames`), left out when none is.
    static func unknownDestination(_ name: String, known: [String]) -> NavError {
        let suggestions = NearestNames.nearest(to: name, among: known)
        let question = NearestNames.question(suggestions).map { "; \($0)" } ?? ""
        var data: JSONObject = ["to": .string(name)]
        if !suggestions.isEmpty { data["suggestions"] = .array(suggestions.map(JSONValue.string)) }
        return NavError(.unknownDestination, "unknown destination '\(name)': no screen or flow has that name\(question)", data: data)
    }

    static func invalidParams(param: String, problem: ParamProblem, screen: String? = nil) -> NavError {
        let whose = screen.map { " of \($0)" } ?? ""
        var data: JSONObject = ["param": .string(param), "problem": .string(problem.code), "detail": .string(problem.description)]
        if let screen { data["screen"] = .string(screen) }
        return NavError(.invalidParams, "invalid param '\(param)'\(whose): \(problem)", data: data)
    }

    /// A malformed request field (not a screen param): `data.problem` is the problem's code, as
    /// for screen params, and `data.detail` its sentence.
    public static func badField(_ field: String, _ problem: FieldProblem) -> NavError {
        NavError(.invalidParams, "invalid params: '\(field)' \(problem.detail)",
                 data: ["param": .string(field), "problem": .string(problem.code), "detail": .string(problem.detail)])
    }

    static func routeNotAllowed(from: String, to: String, allowed: [String]) -> NavError {
        let list = allowed.isEmpty ? "it has no routes" : "allowed: " + allowed.joined(separator: ", ")
        return NavError(.routeNotAllowed, "route not allowed: \(from) cannot open \(to) (\(list))",
                        data: ["from": .string(from), "to": .string(to), "allowed": .array(allowed.map(JSONValue.string))])
    }

    static func nothingToClose(_ message: String, screen: ScreenID? = nil) -> NavError {
        var data: JSONObject = [:]
        if let screen { data["screen"] = .string(screen.description) }
        return NavError(.nothingToClose, message, data: data)
    }

    public static func conflict(_ what: String, expected: JSONValue, actual: JSONValue) -> NavError {
        NavError(.conflict, "conflict: \(what) is \(actual), expected \(expected)",
                 data: ["field": .string(what), "expected": expected, "actual": actual])
    }

    static func unknownInstance(_ id: String, _ message: String? = nil) -> NavError {
        NavError(.unknownInstance, message ?? "no screen or flow instance '\(id)'",
                 data: ["id": .string(id)])
    }

    static func limitExceeded(_ message: String, limit: Int) -> NavError {
        NavError(.limitExceeded, message, data: ["limit": .int(limit)])
    }
}
