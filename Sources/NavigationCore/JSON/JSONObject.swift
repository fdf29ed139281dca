/// A JSON object: keys in insertion order, O(1) lookup, equality that ignores order
/// (`{"a":1,"b":2}` equals `{"b":2,"a":1}`, as JSON says).
public struct JSONObject: Sendable {
    public private(set) var keys: [String] = []
    private var storage: [String: JSONValue] = [:]

    public init() {}

    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        for (key, value) in pairs { self[key] = value }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public subscript(key: String) -> JSONValue? {
        get { storage[key] }
        set {
            if let newValue {
                if storage.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if storage.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    /// Calls `body` with each key/value pair in insertion order, without building an array.
    public func forEach(_ body: (String, JSONValue) -> Void) {
        for key in keys { body(key, storage[key]!) }
    }

    /// Key/value pairs in insertion order.
    public var pairs: [(key: String, value: JSONValue)] {
        keys.map { ($0, storage[$0]!) }
    }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.storage == rhs.storage
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
