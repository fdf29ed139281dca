/// The names of the fields one params object may have (a method's, `popTo`'s, an `apply`
/// step's), in the order its decoder reads them.
///
/// Each list is made once and kept for the life of the process: a decoder carries it as a
/// pointer, with no reference count to keep on every request.
struct FieldNames: @unchecked Sendable {
    /// Params hold at most this many fields' places.
    static let limit = 8

    private let base: UnsafePointer<StaticString>
    let count: Int

    init(_ names: StaticString...) {
        precondition(names.count <= Self.limit, "params take at most \(Self.limit) fields")
        let storage = UnsafeMutablePointer<StaticString>.allocate(capacity: names.count)
        storage.initialize(from: names, count: names.count)
        base = UnsafePointer(storage)
        count = names.count
    }

    subscript(slot: Int) -> StaticString { base[slot] }

    var indices: Range<Int> { 0..<count }

    static let none = FieldNames()
}

/// What a field's name is prefixed with in errors: nothing for a request's own params,
/// `popTo.` inside route's `popTo`, `ops[2].` in an `apply` step.
enum FieldPrefix: Sendable {
    case none
    case popTo
    case step(Int)

    var text: String {
        switch self {
        case .none: return ""
        case .popTo: return "popTo."
        case .step(let index): return "ops[\(index)]."
        }
    }
}
