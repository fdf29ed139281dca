/// A JSON object: keys in insertion order, equality that ignores order (`{"a":1,"b":2}`
/// equals `{"b":2,"a":1}`, as JSON says).
///
/// Stored as a flat array of pairs: the objects navd handles are small (params, events, tree
/// nodes), and a linear scan of a few keys beats hashing them, which dominated request cost.
/// Past `indexThreshold` keys (an app definition's `screens`) a hash index keeps lookups O(1).
public struct JSONObject: Sendable {
    private var storage: [(key: String, value: JSONValue)] = []
    private var index: [String: Int]?

    static let indexThreshold = 16

    public init() {}

    public init<S: Sequence>(_ pairs: S) where S.Element == (String, JSONValue) {
        for (key, value) in pairs { self[key] = value }
    }

    /// An object of `members` in their order, for a writer that knows its keys are distinct
    /// (debug builds check it): they become the object as they are, with no lookup per key.
    public init(distinctMembers members: [(key: String, value: JSONValue)]) {
        assert(Set(members.map(\.key)).count == members.count, "JSONObject(distinctMembers:) with a repeated key")
        storage = members
        if members.count > Self.indexThreshold {
            index = Self.positions(of: members)
        }
    }

    /// The index of `members`: each key's position.
    private static func positions(of members: [(key: String, value: JSONValue)]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: members.enumerated().map { ($1.key, $0) })
    }

    public var count: Int { storage.count }
    public var isEmpty: Bool { storage.isEmpty }

    /// Keys in insertion order.
    public var keys: [String] { storage.map(\.key) }

    private func position(of key: String) -> Int? {
        if let index { return index[key] }
        return storage.firstIndex { $0.key == key }
    }

    public subscript(key: String) -> JSONValue? {
        get { position(of: key).map { storage[$0].value } }
        set {
            if let newValue {
                if let i = position(of: key) {
                    storage[i].value = newValue
                } else {
                    // Objects are small: one allocation for the first few keys, not one per key.
                    if storage.isEmpty { storage.reserveCapacity(4) }
                    storage.append((key, newValue))
                    if index != nil {
                        index![key] = storage.count - 1
                    } else if storage.count > Self.indexThreshold {
                        index = Self.positions(of: storage)
                    }
                }
            } else if let i = position(of: key) {
                storage.remove(at: i)
                if index != nil {
                    index = Self.positions(of: storage)
                }
            }
        }
    }

    /// Sets a member read from a text, the last value of a repeated key winning; whether the
    /// key is new. The first member makes room for a few, as most objects read are small.
    mutating func addMember(_ key: String, _ value: JSONValue) -> Bool {
        if storage.isEmpty {
            storage.reserveCapacity(4)
            storage.append((key, value))
            return true
        }
        let count = storage.count
        self[key] = value
        return storage.count > count
    }

    /// Calls `body` with each key/value pair in insertion order, without building an array.
    public func forEach(_ body: (String, JSONValue) -> Void) {
        for pair in storage { body(pair.key, pair.value) }
    }

    /// Key/value pairs in insertion order.
    public var pairs: [(key: String, value: JSONValue)] { storage }
}

extension JSONObject: Hashable {
    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for pair in lhs.storage where rhs[pair.key] != pair.value { return false }
        return true
    }

    /// Independent of key order, like `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for pair in storage {
            var h = Hasher()
            h.combine(pair.key)
            h.combine(pair.value)
            combined ^= h.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements)
    }
}
