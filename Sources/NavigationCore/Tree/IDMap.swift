import NavCollections

/// An instance id that is a plain number: what `IDMap` keys on.
public protocol InstanceID: TableKey, Hashable, Sendable {
    var number: Int { get }
    init(_ number: Int)
}

extension InstanceID {
    @inline(__always)
    public var tableHash: UInt64 { UInt64(truncatingIfNeeded: number) }

    /// Debug builds count every lookup as a unit of the engine's work (`WorkMeter`).
    @inline(__always)
    public static func countLookup() {
        #if DEBUG
        WorkMeter.add(1)
        #endif
    }
}

extension FlowID: InstanceID {}
extension ScreenID: InstanceID {}

/// The tree's storage of flow and screen instances by id. Every operation looks ids up dozens
/// of times: a `Dictionary` would run SipHash through `Hasher` for each, and reading one field
/// of a node in place (`read`) does not copy the whole node. Iteration order is the table's,
/// which nothing relies on (equality and hashing ignore it, as `Dictionary`'s do).
public typealias IDMap<Key: InstanceID, Value> = HashTable<Key, Value>
