import NavJSON
/// An error that reaches the wire: it knows its JSON-RPC code, message and `data` (whose
/// `reason` clients switch on). Every refusal of the core is one of these, and a refused
/// operation changes nothing.
public struct NavError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: Int, Sendable, Hashable {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case unknownDestination = -32001
        case routeNotAllowed = -32002
        case nothingToClose = -32004
        case conflict = -32005
        case noRouteForURL = -32006
        case unknownInstance = -32007
        case guarded = -32008
        case limitExceeded = -32009
        case shuttingDown = -32010
    }

    public var code: Code
    public var message: String
    /// Always has `reason`.
    public var data: JSONObject

    public init(_ code: Code, _ message: String, reason: String, data: JSONObject = [:]) {
        self.code = code
        self.message = message
        var data = data
        data["reason"] = .string(reason)
        self.data = data
    }

    public var reason: String { data["reason"]?.stringValue ?? "" }
    public var description: String { "\(message) (\(code.rawValue) \(reason))" }

    /// `{code, message, data}` of a JSON-RPC error object.
    public var jsonValue: JSONValue {
        ["code": .int(code.rawValue), "message": .string(message), "data": .object(data)]
    }

    /// The same error, saying which step of an `apply` or deep link it came from.
    func atStep(_ index: Int, _ what: String) -> NavError {
        var copy = self
        copy.message = "step \(index) (\(what)): \(message)"
        copy.data["step"] = .int(index)
        if copy.data["stepOp"] == nil { copy.data["stepOp"] = .string(what) }
        return copy
    }
}

extension NavError {
    /// `data.suggestions`: the known names nearest the mistyped one (`NearestNames`), left out when none is.
    static func unknownDestination(_ name: String, known: [String]) -> NavError {
        let suggestions = NearestNames.nearest(to: name, among: known)
        let question = NearestNames.question(suggestions).map { "; \($0)" } ?? ""
        var data: JSONObject = ["to": .string(name)]
        if !suggestions.isEmpty { data["suggestions"] = .array(suggestions.map(JSONValue.string)) }
        return NavError(.unknownDestination, "unknown destination '\(name)': no screen or flow has that name\(question)",
                        reason: "unknownDestination", data: data)
    }

    static func invalidParams(param: String, problem: ParamProblem, screen: String? = nil) -> NavError {
        let whose = screen.map { " of \($0)" } ?? ""
        var data: JSONObject = ["param": .string(param), "problem": .string(problem.code), "detail": .string(problem.description)]
        if let screen { data["screen"] = .string(screen) }
        return NavError(.invalidParams, "invalid param '\(param)'\(whose): \(problem)", reason: "invalidParams", data: data)
    }

    /// A malformed request field (not a screen param): `data.problem` is the problem's code, as
    /// for screen params, and `data.detail` its sentence.
    public static func badField(_ field: String, _ problem: FieldProblem) -> NavError {
        NavError(.invalidParams, "invalid params: '\(field)' \(problem.detail)", reason: "invalidParams",
                 data: ["param": .string(field), "problem": .string(problem.code), "detail": .string(problem.detail)])
    }

    static func routeNotAllowed(from: String, to: String, allowed: [String]) -> NavError {
        let list = allowed.isEmpty ? "it has no routes" : "allowed: " + allowed.joined(separator: ", ")
        return NavError(.routeNotAllowed, "route not allowed: \(from) cannot open \(to) (\(list))",
                        reason: "routeNotAllowed",
                        data: ["from": .string(from), "to": .string(to), "allowed": .array(allowed.map(JSONValue.string))])
    }

    static func nothingToClose(_ message: String, screen: ScreenID? = nil) -> NavError {
        var data: JSONObject = [:]
        if let screen { data["screen"] = .string(screen.description) }
        return NavError(.nothingToClose, message, reason: "nothingToClose", data: data)
    }

    static func conflict(_ what: String, expected: JSONValue, actual: JSONValue) -> NavError {
        NavError(.conflict, "conflict: \(what) is \(actual), expected \(expected)", reason: "conflict",
                 data: ["field": .string(what), "expected": expected, "actual": actual])
    }

    static func unknownInstance(_ id: String, _ message: String? = nil) -> NavError {
        NavError(.unknownInstance, message ?? "no screen or flow instance '\(id)'", reason: "unknownInstance",
                 data: ["id": .string(id)])
    }

    static func limitExceeded(_ message: String, limit: Int) -> NavError {
        NavError(.limitExceeded, message, reason: "limitExceeded", data: ["limit": .int(limit)])
    }
}
