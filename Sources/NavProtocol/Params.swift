internal import NavigationCore
internal import NavJSON

/// The named params of one call, read in one pass: the value of each field the method takes
/// (the last one when a key repeats, as JSON-RPC reads objects) and the first key that is none
/// of them. The method's decoder then reads the fields in its own order, and refuses the
/// unknown key last, so which problem a request with several is refused for does not depend on
/// the order of its keys.
struct Params {
    /// The fields the method takes, as `RPCMethod.fields` lists them.
    let names: [StaticString]
    /// What a field's name is prefixed with in errors: `popTo.`, `ops[2].`.
    let prefix: String
    private var values = InlineArray<8, JSONValue?>(repeating: nil)
    private var unknown: String?
    /// The slot after the one read last: decoders read fields in the order `names` lists them.
    private var next = 0

    init(names: [StaticString], prefix: String = "") {
        precondition(names.count <= 8, "a method takes at most eight fields")
        self.names = names
        self.prefix = prefix
    }

    /// The params object next in `scanner`, nested at `depth`.
    init(names: [StaticString], scanning scanner: inout JSONScanner, depth: Int) throws(JSONParser.Error) {
        self.init(names: names)
        try scanner.members(depth: depth) { (key, field) throws(JSONParser.Error) -> Bool in
            let value = try field.value(depth: depth + 1)
            self.store(value, at: key)
            return true
        }
    }

    /// Params given as a value (an `apply` step's, `popTo`): absent or `null` is no params, any
    /// other value than an object is refused.
    init(names: [StaticString], _ params: JSONValue?, prefix: String = "") throws(NavError) {
        self.init(names: names, prefix: prefix)
        switch params {
        case nil, .null?: break
        case .object(let object)?:
            for (key, value) in object.pairs {
                var name = key
                name.withUTF8 { store(value, at: $0) }
            }
        case let other?:
            throw .badField(prefix.isEmpty ? "params" : String(prefix.dropLast()), .wrongType(expected: "an object", actual: other.typeName))
        }
    }

    private mutating func store(_ value: JSONValue, at key: UnsafeBufferPointer<UInt8>) {
        for slot in names.indices where key.equals(names[slot]) {
            values[slot] = value
            return
        }
        if unknown == nil { unknown = String(decoding: key, as: UTF8.self) }
    }

    private mutating func slot(_ name: StaticString) -> Int {
        // The decoders name a field with the same literal as `names` lists it, in that order:
        // usually the next slot's constant, found without comparing bytes.
        if next < names.count, names[next].utf8Start == name.utf8Start, names[next].utf8CodeUnitCount == name.utf8CodeUnitCount {
            next += 1
            return next - 1
        }
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        guard let slot = names.firstIndex(where: { bytes.equals($0) }) else {
            preconditionFailure("'\(name)' is not among the method's fields")
        }
        next = slot + 1
        return slot
    }

    private func field(_ name: StaticString) -> String { prefix + name.description }

    // MARK: - Typed fields

    mutating func value(_ name: StaticString) -> JSONValue? {
        values[slot(name)]
    }

    mutating func optionalString(_ name: StaticString) throws(NavError) -> String? {
        switch value(name) {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw .badField(field(name), .wrongType(expected: "a string", actual: other.typeName))
        }
    }

    mutating func string(_ name: StaticString) throws(NavError) -> String {
        guard let value = try optionalString(name) else { throw .badField(field(name), .missing()) }
        return value
    }

    mutating func int(_ name: StaticString) throws(NavError) -> Int? {
        switch value(name) {
        case nil, .null?: return nil
        case let value?:
            guard let i = value.intValue else { throw .badField(field(name), .wrongType(expected: "an integer", actual: value.nonIntegerDescription)) }
            return i
        }
    }

    mutating func bool(_ name: StaticString) throws(NavError) -> Bool? {
        switch value(name) {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?: throw .badField(field(name), .wrongType(expected: "a boolean", actual: other.typeName))
        }
    }

    mutating func object(_ name: StaticString) throws(NavError) -> JSONObject? {
        switch value(name) {
        case nil, .null?: return nil
        case .object(let o)?: return o
        case let other?: throw .badField(field(name), .wrongType(expected: "an object", actual: other.typeName))
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
        if let unknown { throw .badField(prefix + unknown, .unknown) }
    }
}
