/// A table from a connection id's number to a value: the lookup every request makes, once in
/// the transport and once in the server.
///
/// Shaped for speed: `Dictionary` hashes each key with SipHash (about 200 instructions a
/// lookup). Connection ids are numbers from a counter, so a multiplicative (Fibonacci) hash
/// spreads them well, and a lookup is a multiply, a shift and a probe or two. Open addressing
/// with linear probing; a removal shifts the entries after it back, so no tombstones pile up.
///
/// Inlinable, so that each module using it gets it specialized for its value type: a generic
/// call across the module boundary would cost more than the lookup itself.
@frozen
public struct IDTable<Value> {
    @usableFromInline
    struct Slot {
        @usableFromInline var key: UInt64
        /// nil: the slot is empty.
        @usableFromInline var value: Value?

        @inlinable
        init(key: UInt64, value: Value?) {
            self.key = key
            self.value = value
        }
    }

    @usableFromInline var slots: [Slot]
    /// 64 minus log2 of the slot count: the multiplied key's top bits are its home slot.
    @usableFromInline var shift: UInt64
    @usableFromInline var storedCount = 0

    @inlinable
    public var count: Int { storedCount }

    @inlinable
    public init() {
        slots = Array(repeating: Slot(key: 0, value: nil), count: 16)
        shift = 60
    }

    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// The values, in no particular order.
    @inlinable
    public var values: [Value] { slots.compactMap(\.value) }

    @inlinable
    public subscript(key: UInt64) -> Value? {
        get {
            var index = home(key)
            while let value = slots[index].value {
                if slots[index].key == key { return value }
                index = (index + 1) & mask
            }
            return nil
        }
        set {
            if let newValue { insert(newValue, for: key) } else { remove(key) }
        }
    }

    @inlinable
    var mask: Int { slots.count - 1 }

    @inlinable
    func home(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    @inlinable
    mutating func insert(_ value: Value, for key: UInt64) {
        var index = home(key)
        while slots[index].value != nil {
            if slots[index].key == key {
                slots[index].value = value
                return
            }
            index = (index + 1) & mask
        }
        slots[index] = Slot(key: key, value: value)
        storedCount += 1
        // At most three quarters full, so probes stay short and an empty slot always ends one.
        if count * 4 > slots.count * 3 { grow() }
    }

    @inlinable
    mutating func remove(_ key: UInt64) {
        var index = home(key)
        while slots[index].value != nil {
            if slots[index].key == key {
                storedCount -= 1
                closeGap(at: index)
                return
            }
            index = (index + 1) & mask
        }
    }

    /// Empties slot `hole`, moving back each later entry of the run that may not be
    /// stranded behind an empty slot (one whose home is not between the hole and itself).
    @inlinable
    mutating func closeGap(at start: Int) {
        var hole = start
        var next = (hole + 1) & mask
        while slots[next].value != nil {
            let distanceFromHome = (next - home(slots[next].key)) & mask
            if distanceFromHome >= (next - hole) & mask {
                slots[hole] = slots[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        slots[hole] = Slot(key: 0, value: nil)
    }

    @inlinable
    mutating func grow() {
        let old = slots
        slots = Array(repeating: Slot(key: 0, value: nil), count: old.count * 2)
        shift -= 1
        storedCount = 0
        for slot in old {
            if let value = slot.value { insert(value, for: slot.key) }
        }
    }
}
