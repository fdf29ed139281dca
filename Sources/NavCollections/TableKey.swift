/// What `HashTable` keys on: a value with a cheap, deterministic hash.
///
/// `Hashable` runs SipHash through a seeded `Hasher` (about 200 instructions a lookup, and a
/// layout that changes from run to run unless `SWIFT_DETERMINISTIC_HASHING` is set); the keys
/// navd looks up on every request are small numbers and short names, for which a
/// multiplication or FNV-1a does.
public protocol TableKey: Equatable {
    /// The same for equal keys. It need not be well spread: the table multiplies it by 2⁶⁴/φ
    /// (Fibonacci hashing) and takes the top bits, so consecutive numbers do.
    var tableHash: UInt64 { get }

    /// Called once per lookup of a key of this type: where a debug build counts work. Nothing
    /// by default.
    static func countLookup()
}

extension TableKey {
    @inlinable @inline(__always)
    public static func countLookup() {}
}

extension UInt64: TableKey {
    @inlinable
    public var tableHash: UInt64 { self }
}
