internal import NavigationCore
internal import NavJSON

/// The named params of one call, read in one pass that checks every value and notes where the
/// value of each field the method takes begins (the last one when a key repeats, as JSON-RPC
/// reads objects) and the first key that is none of them. The method's decoder then reads the
/// fields in its own order, each straight into the type it wants, and refuses the unknown key
/// last, so which problem a request with several is refused for does not depend on the order of
/// its keys.
///
/// No value is built before its field is read: a string field becomes its `String`, an integer
/// its `Int`, and only a field that is JSON itself (route params, a flow's result) becomes a
/// `JSONValue`.
struct Params {
    /// The fields the method takes, as `RPCMethod.fields` lists them.
    let names: FieldNames
    /// What a field's name is prefixed with in errors.
    let prefix: FieldPrefix
    /// The text the params were read from, for reading a field's value where it begins.
    private let text: JSONScanner
    /// How deep the fields' values are nested in `text`.
    private let depth: Int
    /// Where each field's value begins in `text`; -1 for a field the params do not give.
    private var starts = InlineArray<8, Int>(repeating: -1)
    /// Where the first key that is none of the fields begins in `text`; -1 when there is none.
    private var unknown = -1
    /// The slot after the one read last: decoders read fields in the order `names` lists them.
    private var next = 0

    /// No params: every field absent.
    init(names: FieldNames, prefix: FieldPrefix = .none) {
        self.init(names: names, prefix: prefix, text: JSONScanner(UnsafeBufferPointer(start: nil, count: 0), maxDepth: 0), depth: 0)
    }

    private init(names: FieldNames, prefix: FieldPrefix, text: JSONScanner, depth: Int) {
        self.names = names
        self.prefix = prefix
        self.text = text
        self.depth = depth
    }

    /// The params object next in `scanner`, nested at `depth`.
    init(names: FieldNames, scanning scanner: inout JSONScanner, depth: Int, prefix: FieldPrefix = .none) throws(JSONParser.Error) {
        self.init(names: names, prefix: prefix, text: scanner, depth: depth + 1)
        try scanner.members(depth: depth) { (key, field) throws(JSONParser.Error) -> Bool in
            let keyOffset = field.keyOffset
            let start = field.index
            try field.skipValue(depth: depth + 1)
            self.note(start, at: key, keyOffset: keyOffset)
            return true
        }
    }

    /// Params given as a value that was checked already (an `apply` step's, `popTo`), at
    /// `value`, nested at `depth`; nil for `null`, which gives no params. Any other value than
    /// an object is refused, with `name`, the value's own name in errors: `params`, `popTo`,
    /// `ops[2]`.
    init?(names: FieldNames, at value: JSONScanner, depth: Int, name: String, prefix: FieldPrefix = .none) throws(NavError) {
        var scanner = value
        switch scanner.peek() {
        case UInt8(ascii: "{"):
            do throws(JSONParser.Error) {
                try self.init(names: names, scanning: &scanner, depth: depth, prefix: prefix)
            } catch {
                preconditionFailure("navd: params checked before are not JSON: \(error)")
            }
        case UInt8(ascii: "n"):
            return nil
        default:
            throw .badField(name, .wrongType(expected: "an object", actual: Self.build(value, depth: depth).typeName))
        }
    }

    private mutating func note(_ start: Int, at key: UnsafeBufferPointer<UInt8>, keyOffset: Int) {
        for slot in names.indices where key.equals(names[slot]) {
            starts[slot] = start
            return
        }
        if unknown < 0 { unknown = keyOffset }
    }

    @inline(__always)
    private mutating func slot(_ name: StaticString) -> Int {
        // The decoders name a field with the same literal as `names` lists it, in that order:
        // usually the next slot's constant, found without comparing bytes.
        if next < names.count, names[next].utf8Start == name.utf8Start, names[next].utf8CodeUnitCount == name.utf8CodeUnitCount {
            next += 1
            return next - 1
        }
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard let slot = names.indices.first(where: { bytes.equals(names[$0]) }) else {
            preconditionFailure("'\(name)' is not among the method's fields")
        }
        next = slot + 1
        return slot
    }

    private func field(_ name: StaticString) -> String { prefix.text + name.description }

    /// A scanner at the value of the field `name`, nil when the params do not give it.
    @inline(__always)
    private mutating func scanner(_ name: StaticString) -> JSONScanner? {
        let start = starts[slot(name)]
        return start < 0 ? nil : JSONScanner(text, at: start)
    }

    /// The value `scanner` is at, which the pass over the params checked.
    private static func build(_ scanner: JSONScanner, depth: Int) -> JSONValue {
        var scanner = scanner
        do throws(JSONParser.Error) {
            return try scanner.value(depth: depth)
        } catch {
            preconditionFailure("navd: a value checked before is not JSON: \(error)")
        }
    }

    // MARK: - Typed fields

    // Each accessor is inlined up to the test of whether the params give the field (most
    // fields of a request are absent); what reads a given value is a call.

    @inline(__always)
    mutating func value(_ name: StaticString) -> JSONValue? {
        guard let scanner = scanner(name) else { return nil }
        return Self.build(scanner, depth: depth)
    }

    @inline(__always)
    mutating func optionalString(_ name: StaticString) throws(NavError) -> String? {
        guard let scanner = scanner(name) else { return nil }
        return try optionalString(scanner, name)
    }

    private func optionalString(_ scanner: JSONScanner, _ name: StaticString) throws(NavError) -> String? {
        var scanner = scanner
        if let plain = scanner.plainString() { return String(decoding: plain, as: UTF8.self) }
        switch Self.build(scanner, depth: depth) {
        case .null: return nil
        case .string(let s): return s
        case let other: throw .badField(field(name), .wrongType(expected: "a string", actual: other.typeName))
        }
    }

    mutating func string(_ name: StaticString) throws(NavError) -> String {
        guard let value = try optionalString(name) else { throw .badField(field(name), .missing()) }
        return value
    }

    @inline(__always)
    mutating func int(_ name: StaticString) throws(NavError) -> Int? {
        guard let scanner = scanner(name) else { return nil }
        return try int(scanner, name)
    }

    private func int(_ scanner: JSONScanner, _ name: StaticString) throws(NavError) -> Int? {
        let value = Self.build(scanner, depth: depth)
        if case .int(let i) = value { return i }
        if case .null = value { return nil }
        guard let i = value.intValue else { throw .badField(field(name), .wrongType(expected: "an integer", actual: value.nonIntegerDescription)) }
        return i
    }

    @inline(__always)
    mutating func bool(_ name: StaticString) throws(NavError) -> Bool? {
        guard let scanner = scanner(name) else { return nil }
        return try bool(scanner, name)
    }

    private func bool(_ scanner: JSONScanner, _ name: StaticString) throws(NavError) -> Bool? {
        switch Self.build(scanner, depth: depth) {
        case .null: return nil
        case .bool(let b): return b
        case let other: throw .badField(field(name), .wrongType(expected: "a boolean", actual: other.typeName))
        }
    }

    @inline(__always)
    mutating func object(_ name: StaticString) throws(NavError) -> JSONObject? {
        guard let scanner = scanner(name) else { return nil }
        return try object(scanner, name)
    }

    private func object(_ scanner: JSONScanner, _ name: StaticString) throws(NavError) -> JSONObject? {
        switch Self.build(scanner, depth: depth) {
        case .null: return nil
        case .object(let o): return o
        case let other: throw .badField(field(name), .wrongType(expected: "an object", actual: other.typeName))
        }
    }

    /// An object field as its text (a route's params): the bytes received when they are what
    /// navd writes for the object (most requests), else the object built and written.
    @inline(__always)
    mutating func objectText(_ name: StaticString) throws(NavError) -> JSONObjectText? {
        guard let scanner = scanner(name) else { return nil }
        return try objectText(scanner, name)
    }

    private func objectText(_ scanner: JSONScanner, _ name: StaticString) throws(NavError) -> JSONObjectText? {
        var scanner = scanner
        if let text = JSONObjectText(compact: &scanner) { return text }
        return try object(scanner, name).map(JSONObjectText.init)
    }

    /// Where the field `name`'s value begins and how deep it is nested, for a caller that reads
    /// it later (an `apply` step's params, after the step's own unknown keys are refused).
    mutating func unread(_ name: StaticString) -> (value: JSONScanner, depth: Int)? {
        scanner(name).map { ($0, depth) }
    }

    /// Where each element of the array that is the field `name`'s value begins, and how deep
    /// the elements are nested; nil when the field is absent or `null`, `expected` in the error
    /// when it is another value.
    mutating func elements(_ name: StaticString, expected: String) throws(NavError) -> (elements: [JSONScanner], depth: Int)? {
        guard var scanner = scanner(name) else { return nil }
        switch scanner.peek() {
        case UInt8(ascii: "["):
            var elements: [JSONScanner] = []
            do throws(JSONParser.Error) {
                try scanner.elements(depth: depth) { (element) throws(JSONParser.Error) in
                    elements.append(element)
                    try element.skipValue(depth: depth + 1)
                }
            } catch {
                preconditionFailure("navd: an array checked before is not JSON: \(error)")
            }
            return (elements, depth + 1)
        case UInt8(ascii: "n"):
            return nil
        default:
            throw .badField(field(name), .wrongType(expected: expected, actual: Self.build(scanner, depth: depth).typeName))
        }
    }

    mutating func screenID(_ name: StaticString) throws(NavError) -> ScreenID? {
        guard let text = try optionalString(name) else { return nil }
        guard let id = ScreenID(text) else { throw .badField(field(name), .wrongType(expected: "a screen instance id such as s3", actual: "'\(text)'")) }
        return id
    }

    mutating func flowID(_ name: StaticString) throws(NavError) -> FlowID? {
        guard let text = try optionalString(name) else { return nil }
        guard let id = FlowID(text) else { throw .badField(field(name), .wrongType(expected: "a flow instance id such as f3", actual: "'\(text)'")) }
        return id
    }

    /// Refuses the first key that is not a field, once every field was read: a typo such as
    /// `expectRevison` is never silently ignored.
    func finish() throws(NavError) {
        guard unknown >= 0 else { return }
        var key = JSONScanner(text, at: unknown)
        let name: String
        do throws(JSONParser.Error) {
            name = try key.string()
        } catch {
            preconditionFailure("navd: a key checked before is not JSON: \(error)")
        }
        throw .badField(prefix.text + name, .unknown)
    }
}

extension Params {
    /// Params given as a JSON value (`NavOperation(method:params:)`): written out and read
    /// as a request's are, by the one decoder. `body` gets them while the text is alive.
    static func reading<T>(names: FieldNames, _ value: JSONValue?, _ body: (inout Params) throws(NavError) -> T) throws(NavError) -> T {
        guard let value else {
            var params = Params(names: names)
            return try body(&params)
        }
        let bytes = JSONWriter.bytes(value)
        let outcome = bytes.withUnsafeBufferPointer { buffer -> Result<T, NavError> in
            do throws(NavError) {
                var params = try Params(names: names, at: JSONScanner(buffer, maxDepth: .max), depth: 1, name: "params") ?? Params(names: names)
                return .success(try body(&params))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }
}
