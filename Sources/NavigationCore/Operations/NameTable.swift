/// Values by name, built once and only read: what `NavigatorContext` looks screens and flows
/// up in on every route. An open-addressing table (linear probing) hashing the name's UTF-8
/// bytes with FNV-1a: a `Dictionary` runs SipHash through `Hasher`, several times the cost
/// for the short names of a definition. Names compare as `String`s do (canonical
/// equivalence), as with a `Dictionary`: a non-ASCII name missed by its bytes is looked for
/// among all names.
struct NameTable<Value: Sendable>: Sendable {
    /// By bucket: the entry's position plus one, or 0 for an empty bucket. The capacity is a
    /// power of two, at most half full.
    private let buckets: [Int]
    private let names: [String]
    private let values: [Value]

    /// The first value of each name wins, as in `AppDefinition`'s indexes.
    init(_ pairs: [(name: String, value: Value)]) {
        var names: [String] = []
        var values: [Value] = []
        var capacity = 8
        while capacity < pairs.count * 2 { capacity *= 2 }
        var buckets = Array(repeating: 0, count: capacity)
        entries: for (name, value) in pairs {
            // A repeated name is found on its own probe sequence (equal bytes, equal hash):
            // no scan of every name per insert, which made a large definition quadratic.
            var b = Self.hash(name) & (capacity - 1)
            while buckets[b] != 0 {
                if names[buckets[b] - 1] == name { continue entries }
                b = (b + 1) & (capacity - 1)
            }
            // Canonically equivalent names may differ in bytes, never when ASCII.
            if !name.utf8.allSatisfy({ $0 < 0x80 }) && names.contains(name) { continue }
            names.append(name)
            values.append(value)
            buckets[b] = names.count
        }
        self.buckets = buckets
        self.names = names
        self.values = values
    }

    subscript(name: String) -> Value? {
        let mask = buckets.count - 1
        var b = Self.hash(name) & mask
        while buckets[b] != 0 {
            let position = buckets[b] - 1
            if names[position] == name { return values[position] }
            b = (b + 1) & mask
        }
        // Canonically equivalent strings may differ in bytes, never when ASCII.
        guard !name.utf8.allSatisfy({ $0 < 0x80 }), let position = names.firstIndex(of: name) else { return nil }
        return values[position]
    }

    /// FNV-1a over the UTF-8 bytes (in place for native and small strings).
    static func hash(_ name: String) -> Int {
        func fnv<S: Sequence<UInt8>>(_ bytes: S) -> Int {
            var hash: UInt64 = 0xCBF2_9CE4_8422_2325
            for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
            return Int(truncatingIfNeeded: hash ^ (hash >> 32))
        }
        return name.utf8.withContiguousStorageIfAvailable { fnv($0) } ?? fnv(name.utf8)
    }
}
