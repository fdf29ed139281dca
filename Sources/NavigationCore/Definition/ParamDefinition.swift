import NavJSON
/// A declared screen param.
public struct ParamDefinition: Sendable, Hashable {
    public var name: String
    public var type: ParamType
    public var optional: Bool
    /// Filled in when the param is absent; an optional param with a default always has a value.
    public var defaultValue: JSONValue?

    public init(name: String, type: ParamType, optional: Bool = false, defaultValue: JSONValue? = nil) {
        self.name = name
        self.type = type
        self.optional = optional
        self.defaultValue = defaultValue
    }

    /// Required unless `optional: true`.
    public var isRequired: Bool { !optional }
}

/// The type of a param value. `unknown` keeps a type name the definition used that navd does
/// not know, so validation can report it with its path instead of failing to decode.
public enum ParamType: Sendable, Hashable {
    case string
    case int
    case double
    case bool
    case enumeration([String])
    case unknown(String)

    public var name: String {
        switch self {
        case .string: return "string"
        case .int: return "int"
        case .double: return "double"
        case .bool: return "bool"
        case .enumeration: return "enum"
        case .unknown(let name): return name
        }
    }

    /// Whether a value of this type can be read from a URL segment or query item.
    public var isURLRepresentable: Bool {
        if case .unknown = self { return false }
        return true
    }

    /// Checks a JSON value given by a client. Returns the normalized value (an integer given
    /// for a double becomes a double) or a problem a person can read.
    public func validate(_ value: JSONValue) -> Result<JSONValue, ParamProblem> {
        switch (self, value) {
        case (.string, .string): return .success(value)
        case (.int, .int): return .success(value)
        case (.int, .double(let d)):
            if let i = value.intValue { return .success(.int(i)) }
            return .failure(.wrongType(expected: "int", got: String(d)))
        case (.double, .double): return .success(value)
        case (.double, .int(let i)): return .success(.double(Double(i)))
        case (.bool, .bool): return .success(value)
        case (.enumeration(let values), .string(let s)):
            return values.contains(s) ? .success(value) : .failure(.notAllowed(value: s, allowed: values))
        case (.unknown(let name), _):
            return .failure(.wrongType(expected: name, got: value.typeName))
        default:
            return .failure(.wrongType(expected: name, got: value.typeName))
        }
    }

    /// Whether `validate` accepts `value` as it is, returning it unchanged: what lets valid
    /// params skip being rebuilt.
    func acceptsUnchanged(_ value: JSONValue) -> Bool {
        switch (self, value) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool): return true
        case (.enumeration(let values), .string(let s)): return values.contains(s)
        default: return false
        }
    }

    /// Converts a URL segment or query value (already percent-decoded) to a typed value, or
    /// `nil` if it is not of this type.
    public func parse(_ text: String) -> JSONValue? {
        switch self {
        case .string:
            return .string(text)
        case .int:
            guard let i = Int(text) else { return nil }
            return .int(i)
        case .double:
            guard let d = Double(text), d.isFinite else { return nil }
            return .double(d)
        case .bool:
            switch text {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: return nil
            }
        case .enumeration(let values):
            return values.contains(text) ? .string(text) : nil
        case .unknown:
            return nil
        }
    }

    /// Formats a typed value for a URL (the inverse of `parse`, before percent-encoding).
    public func format(_ value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return d.isFinite ? String(d) : nil
        case .bool(let b): return b ? "true" : "false"
        default: return nil
        }
    }
}

/// Why a param value was refused; becomes `data.problem` of an `invalidParams` error.
public enum ParamProblem: Error, Sendable, Hashable, CustomStringConvertible {
    case missing
    case unknown
    case wrongType(expected: String, got: String)
    case notAllowed(value: String, allowed: [String])

    public var description: String {
        switch self {
        case .missing: return "missing"
        case .unknown: return "unknown"
        case .wrongType(let expected, let got): return "expected \(expected), got \(got)"
        case .notAllowed(let value, let allowed):
            return "'\(value)' is not one of \(allowed.joined(separator: ", "))"
        }
    }

    /// The short code clients switch on (`data.problem`).
    public var code: String {
        switch self {
        case .missing: return "missing"
        case .unknown: return "unknown"
        case .wrongType: return "wrongType"
        case .notAllowed: return "notAllowed"
        }
    }
}
