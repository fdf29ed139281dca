/// A table from keys to values: the one hash table of navd, holding the engine's flow and screen
/// instances, its definition's names and the connections of the server and the transport.
///
/// Values sit densely in an array, in insertion order until a removal moves the last one into
/// the gap; an open-addressing index (linear probing, backward-shift deletion, at most three
/// quarters full) finds them from the key's `tableHash`, multiplied by 2⁶⁴/φ and cut to its top
/// bits. Reading one field of a dense, non-optional element (`read`) copies nothing else.
/// Iteration follows the array; equality and hashing ignore the order, as `Dictionary`'s do.
///
/// Inlinable, so that each module gets it specialized for its keys and values: a generic call
/// across the module boundary would cost more than the lookup itself.
@frozen
public struct HashTable<Key: TableKey, Value> {
    /// The values and their keys, position by position.
    @usableFromInline var entries: [Value] = []
    @usableFromInline var storedKeys: [Key] = []
    /// By bucket: the position in `entries` plus one, or 0 for an empty bucket. The capacity
    /// is 0 or a power of two.
    @usableFromInline var buckets: [Int] = []
    /// 64 minus log2 of the bucket count: the multiplied hash's top bits are a key's home.
    @usableFromInline var shift: UInt64 = 64

    @inlinable
    public init() {}

    @inlinable
    public var count: Int { entries.count }

    @inlinable
    public var isEmpty: Bool { entries.isEmpty }

    /// The keys, in table order.
    @inlinable
    public var keys: [Key] { storedKeys }

    /// The values, in table order.
    @inlinable
    public var values: [Value] { entries }

    @inlinable
    public subscript(key: Key) -> Value? {
        get {
            guard let found = find(key) else { return nil }
            return entries[found.position]
        }
        set {
            if let newValue { insert(newValue, for: key) } else { removeValue(forKey: key) }
        }
    }

    @inlinable
    public func contains(_ key: Key) -> Bool { find(key) != nil }

    /// Reads from the value of `key` in place, through a pointer valid only inside `body`;
    /// `nil` when there is no such key. The subscript returns a copy, retaining everything
    /// the value holds, and the optimizer keeps that copy even when a closure only borrows
    /// the value: hot paths read the fields they need through here (`$0.pointee.field`).
    @inlinable
    public func read<R>(_ key: Key, _ body: (UnsafePointer<Value>) throws -> R) rethrows -> R? {
        guard let found = find(key) else { return nil }
        return try entries.withUnsafeBufferPointer { try body($0.baseAddress! + found.position) }
    }

    /// Edits the value of `key` in place (no copy of it or of the arrays it holds); `nil`
    /// when there is no such key.
    @inlinable
    @discardableResult
    public mutating func update<R>(_ key: Key, _ body: (inout Value) throws -> R) rethrows -> R? {
        guard let found = find(key) else { return nil }
        return try body(&entries[found.position])
    }

    /// Inserts or replaces the value of `key`, taking the value (a node moves into the table
    /// instead of being copied there).
    @inlinable
    public mutating func insert(_ value: consuming Value, for key: Key) {
        if let found = find(key) {
            entries[found.position] = value
            return
        }
        if (entries.count + 1) * 4 > buckets.count * 3 { grow() }
        entries.append(value)
        storedKeys.append(key)
        place(key, at: entries.count - 1)
    }

    @inlinable
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        guard let found = find(key) else { return nil }
        // Backward-shift deletion: an entry later in the probe run moves into the hole unless
        // its home bucket lies (cyclically) after the hole, so no tombstones pile up.
        let mask = buckets.count - 1
        var hole = found.bucket
        buckets[hole] = 0
        var b = (hole + 1) & mask
        while buckets[b] != 0 {
            let home = self.home(storedKeys[buckets[b] - 1])
            if (b &- home) & mask >= (b &- hole) & mask {
                buckets[hole] = buckets[b]
                buckets[b] = 0
                hole = b
            }
            b = (b + 1) & mask
        }
        // The last entry fills the removed one's place.
        let last = entries.count - 1
        if found.position != last {
            entries.swapAt(found.position, last)
            storedKeys.swapAt(found.position, last)
            var m = home(storedKeys[found.position])
            while buckets[m] != last + 1 { m = (m + 1) & mask }
            buckets[m] = found.position + 1
        }
        storedKeys.removeLast()
        return entries.removeLast()
    }

    /// The home bucket of a key: Fibonacci hashing, the top bits of its hash times 2⁶⁴/φ.
    @inlinable @inline(__always)
    func home(_ key: Key) -> Int {
        Int(truncatingIfNeeded: (key.tableHash &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The bucket and entry position of a key, or `nil`. Always inlined: a lookup is a few
    /// instructions, fewer than a call and its returned optional.
    @inlinable @inline(__always)
    func find(_ key: Key) -> (bucket: Int, position: Int)? {
        Key.countLookup()
        guard !entries.isEmpty else { return nil }
        let mask = buckets.count - 1
        var b = home(key)
        while buckets[b] != 0 {
            let position = buckets[b] - 1
            if storedKeys[position] == key { return (b, position) }
            b = (b + 1) & mask
        }
        return nil
    }

    /// Points the first free bucket of a key's probe run at `position`.
    @inlinable
    mutating func place(_ key: Key, at position: Int) {
        let mask = buckets.count - 1
        var b = home(key)
        while buckets[b] != 0 { b = (b + 1) & mask }
        buckets[b] = position + 1
    }

    @inlinable
    mutating func grow() {
        let capacity = Swift.max(8, buckets.count * 2)
        buckets = Array(repeating: 0, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        for (position, key) in storedKeys.enumerated() { place(key, at: position) }
    }
}

extension HashTable: Sequence {
    public struct Iterator: IteratorProtocol {
        @usableFromInline let table: HashTable
        @usableFromInline var position = 0

        @inlinable
        init(table: HashTable) { self.table = table }

        @inlinable
        public mutating func next() -> (key: Key, value: Value)? {
            guard position < table.entries.count else { return nil }
            defer { position += 1 }
            return (table.storedKeys[position], table.entries[position])
        }
    }

    @inlinable
    public func makeIterator() -> Iterator { Iterator(table: self) }

    @inlinable
    public var underestimatedCount: Int { count }
}

extension HashTable: Equatable where Value: Equatable {
    @inlinable
    public static func == (a: HashTable, b: HashTable) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { b[$0.key] == $0.value }
    }
}

extension HashTable: Hashable where Key: Hashable, Value: Hashable {
    /// Independent of the table order, as equality is.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for (key, value) in self {
            var entry = Hasher()
            entry.combine(key)
            entry.combine(value)
            combined ^= entry.finalize()
        }
        hasher.combine(count)
        hasher.combine(combined)
    }
}

extension HashTable: Sendable where Key: Sendable, Value: Sendable {}

extension HashTable: ExpressibleByDictionaryLiteral {
    @inlinable
    public init(dictionaryLiteral elements: (Key, Value)...) {
        for (key, value) in elements { insert(value, for: key) }
    }
}
