/// Values by name, built once and only read: what the engine looks a definition's screens and
/// flows up in on every route.
///
/// The names hash with FNV-1a over their UTF-8 bytes (a `Dictionary` runs SipHash through
/// `Hasher`, several times the cost for the short names of a definition) and compare as
/// `String`s do, by canonical equivalence, as in a `Dictionary`. Equivalent names with other
/// bytes (`é` as one scalar or as `e` and an accent; `K` and the Kelvin sign) hash apart, so
/// a name missed by its bytes is looked for among the names it could equal: all of them for
/// a name that is not ASCII, only those that are not ASCII for one that is.
@frozen
public struct NameTable<Value> {
    @usableFromInline var table = HashTable<Name, Value>()
    /// The positions of the names that are not ASCII (the table's order, which only insertions
    /// change): an ASCII name can equal only these with other bytes.
    @usableFromInline var nonASCII: [Int] = []

    /// The first value of each name wins, as in a definition's indexes.
    @inlinable
    public init(_ pairs: [(name: String, value: Value)]) {
        for (name, value) in pairs where self[name] == nil {
            if !Self.isASCII(name) { nonASCII.append(table.count) }
            table.insert(value, for: Name(string: name))
        }
    }

    @inlinable
    public var count: Int { table.count }

    @inlinable
    public subscript(name: String) -> Value? {
        if let value = table[Name(string: name)] { return value }
        guard !nonASCII.isEmpty || !Self.isASCII(name) else { return nil }
        let keys = table.keys
        let position = Self.isASCII(name)
            ? nonASCII.first { keys[$0].string == name }
            : keys.firstIndex { $0.string == name }
        guard let position else { return nil }
        return table.values[position]
    }

    @inlinable
    static func isASCII(_ name: String) -> Bool {
        name.utf8.allSatisfy { $0 < 0x80 }
    }

    /// A name as the table keys it: FNV-1a over its UTF-8 bytes (in place for native and
    /// small strings); equal as `String`s are.
    @usableFromInline
    struct Name: TableKey, Sendable {
        @usableFromInline let string: String

        @inlinable
        init(string: String) { self.string = string }

        @inlinable
        var tableHash: UInt64 {
            func fnv<S: Sequence<UInt8>>(_ bytes: S) -> UInt64 {
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
                return hash
            }
            return string.utf8.withContiguousStorageIfAvailable { fnv($0) } ?? fnv(string.utf8)
        }
    }
}

extension NameTable: Sendable where Value: Sendable {}
