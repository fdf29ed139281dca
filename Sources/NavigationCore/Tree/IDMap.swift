/// An instance id that is a plain number: what `IDMap` keys on.
public protocol InstanceID: Hashable, Sendable {
    var number: Int { get }
    init(_ number: Int)
}

extension FlowID: InstanceID {}
extension ScreenID: InstanceID {}

/// The tree's storage of flow and screen instances by id: values kept densely in an array,
/// found through an open-addressing index (linear probing, backward-shift deletion) that
/// hashes the id's number with one multiplication. Every operation looks ids up dozens of
/// times; a `Dictionary` would run SipHash through `Hasher` for each, and reading one field of
/// a dense, non-optional element does not copy the whole node. Iteration order is the
/// table's, which nothing relies on (equality and hashing ignore it, as `Dictionary`'s do).
public struct IDMap<Key: InstanceID, Value> {
    /// The values, densely, in no particular order, and their keys' numbers.
    private var entries: [Value] = []
    private var numbers: [Int] = []
    /// By bucket: the position in `entries` plus one, or 0 for an empty bucket. The capacity
    /// is 0 or a power of two, at most three quarters full.
    private var buckets: [Int] = []

    public init() {}

    public var count: Int { entries.count }
    public var isEmpty: Bool { entries.isEmpty }

    /// Fibonacci hashing: the high bits of the number times 2⁶⁴/φ, so that consecutive ids
    /// (the common case) spread over the table.
    private static func bucket(_ number: Int, mask: Int) -> Int {
        let product = UInt64(truncatingIfNeeded: number) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: product >> 32) & mask
    }

    /// The bucket and entry position of a key number, or `nil`.
    private func find(_ number: Int) -> (bucket: Int, position: Int)? {
        #if DEBUG
        WorkMeter.add(1)
        #endif
        guard !entries.isEmpty else { return nil }
        let mask = buckets.count - 1
        var b = Self.bucket(number, mask: mask)
        while buckets[b] != 0 {
            let position = buckets[b] - 1
            if numbers[position] == number { return (b, position) }
            b = (b + 1) & mask
        }
        return nil
    }

    public subscript(key: Key) -> Value? {
        get {
            guard let found = find(key.number) else { return nil }
            return entries[found.position]
        }
        set {
            if let newValue { insert(newValue, for: key) } else { removeValue(forKey: key) }
        }
    }

    public func contains(_ key: Key) -> Bool { find(key.number) != nil }

    /// Reads from the value of `key` in place, through a pointer valid only inside `body`;
    /// `nil` when there is no such key. The subscript returns a copy, retaining everything
    /// the value holds, and the optimizer keeps that copy even when a closure only borrows
    /// the value: hot paths read the fields they need through here (`$0.pointee.field`).
    func read<R>(_ key: Key, _ body: (UnsafePointer<Value>) -> R) -> R? {
        guard let found = find(key.number) else { return nil }
        return entries.withUnsafeBufferPointer { body($0.baseAddress! + found.position) }
    }

    /// Edits the value of `key` in place (no copy of it or of the arrays it holds); `nil`
    /// when there is no such key.
    @discardableResult
    mutating func update<R>(_ key: Key, _ body: (inout Value) throws -> R) rethrows -> R? {
        guard let found = find(key.number) else { return nil }
        return try body(&entries[found.position])
    }

    /// Inserts or replaces the value of `key`.
    mutating func insert(_ value: Value, for key: Key) {
        if let found = find(key.number) {
            entries[found.position] = value
            return
        }
        if (entries.count + 1) * 4 > buckets.count * 3 { grow() }
        entries.append(value)
        numbers.append(key.number)
        place(key.number, at: entries.count - 1)
    }

    /// Points the first free bucket of a number's probe run at `position`.
    private mutating func place(_ number: Int, at position: Int) {
        let mask = buckets.count - 1
        var b = Self.bucket(number, mask: mask)
        while buckets[b] != 0 { b = (b + 1) & mask }
        buckets[b] = position + 1
    }

    @discardableResult
    mutating func removeValue(forKey key: Key) -> Value? {
        guard let found = find(key.number) else { return nil }
        // Backward-shift deletion: an entry later in the probe run moves into the hole
        // unless its home bucket lies (cyclically) after the hole.
        let mask = buckets.count - 1
        var hole = found.bucket
        buckets[hole] = 0
        var b = (hole + 1) & mask
        while buckets[b] != 0 {
            let home = Self.bucket(numbers[buckets[b] - 1], mask: mask)
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
            numbers.swapAt(found.position, last)
            var m = Self.bucket(numbers[found.position], mask: mask)
            while buckets[m] != last + 1 { m = (m + 1) & mask }
            buckets[m] = found.position + 1
        }
        numbers.removeLast()
        return entries.removeLast()
    }

    private mutating func grow() {
        buckets = Array(repeating: 0, count: Swift.max(8, buckets.count * 2))
        for (position, number) in numbers.enumerated() { place(number, at: position) }
    }

    /// The ids, in table order.
    public var keys: [Key] { numbers.map(Key.init) }

    /// The values, in table order.
    public var values: [Value] { entries }
}

extension IDMap: Sequence {
    public struct Iterator: IteratorProtocol {
        fileprivate let map: IDMap
        fileprivate var position = 0

        public mutating func next() -> (key: Key, value: Value)? {
            guard position < map.entries.count else { return nil }
            defer { position += 1 }
            return (Key(map.numbers[position]), map.entries[position])
        }
    }

    public func makeIterator() -> Iterator { Iterator(map: self) }

    public var underestimatedCount: Int { count }
}

extension IDMap: Equatable where Value: Equatable {
    public static func == (a: IDMap, b: IDMap) -> Bool {
        guard a.count == b.count else { return false }
        return a.allSatisfy { b[$0.key] == $0.value }
    }
}

extension IDMap: Hashable where Value: Hashable {
    /// Independent of the table order, as equality is.
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

extension IDMap: Sendable where Value: Sendable {}

extension IDMap: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (Key, Value)...) {
        for (key, value) in elements { insert(value, for: key) }
    }
}
