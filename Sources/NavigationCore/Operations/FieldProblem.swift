/// What is wrong with one field of a request (not a screen param: those are `ParamProblem`s).
/// Its `code` is `data.problem` on the wire, so rewording `detail` never changes what clients
/// switch on.
public enum FieldProblem: Sendable, Hashable {
    /// The field is absent; `expected` says what it takes, when that helps.
    case missing(expected: String? = nil)
    /// The request has a field of this name that the method does not know.
    case unknown
    /// The field has the wrong kind of value: `expected` is what it takes ("a string"),
    /// `actual` what it had ("number").
    case wrongType(expected: String, actual: String)
    /// The value has the right type but cannot be used here; `detail` says why.
    case notAllowed(String)

    /// `data.problem`: `missing`, `unknown`, `wrongType` or `notAllowed`.
    public var code: String {
        switch self {
        case .missing: return "missing"
        case .unknown: return "unknown"
        case .wrongType: return "wrongType"
        case .notAllowed: return "notAllowed"
        }
    }

    /// The sentence after the field's name: `'to' is required`.
    public var detail: String {
        switch self {
        case .missing(let expected?): return "is required (\(expected))"
        case .missing(nil): return "is required"
        case .unknown: return "is not a known field"
        case .wrongType(let expected, let actual): return "must be \(expected), not \(actual)"
        case .notAllowed(let detail): return detail
        }
    }
}
