import Glibc

/// A revision's tree stored against the tree of the revision before it: the bytes the two
/// JSON texts share at their start and at their end are kept as two lengths, and only what
/// lies between is stored. A route or a close changes one stack, so a row holds about a
/// hundred bytes of a tree that is a few kilobytes as a whole.
struct TreeDelta: Hashable {
    /// Bytes taken from the start of the previous tree.
    var prefix: Int
    /// Bytes taken from the end of the previous tree.
    var suffix: Int
    /// What lies between them in this tree.
    var middle: [UInt8]

    /// The delta that turns `previous` into `tree`.
    init(from previous: [UInt8], to tree: [UInt8]) {
        let (prefix, suffix) = previous.withUnsafeBytes { old in tree.withUnsafeBytes { new in Self.sharedEnds(of: old, and: new) } }
        self.init(prefix: prefix, suffix: suffix, middle: Array(tree[prefix..<(tree.count - suffix)]))
    }

    /// How many bytes `previous` and `tree` share at their start and at their end (what a
    /// delta between them takes from `previous`); the two never overlap, in either text. The
    /// shared start is taken whole, then the shared end of what is left. `known`: bytes the
    /// two are known to share at their start and at their end (what a splice of the tree's
    /// text left as it was: `RevisionRows.Row.treeShares`), which are not compared; the ends
    /// found are the same either way.
    static func sharedEnds(
        of previous: UnsafeRawBufferPointer, and tree: UnsafeRawBufferPointer, knowing known: (prefix: Int, suffix: Int) = (0, 0)
    ) -> (prefix: Int, suffix: Int) {
        let shortest = min(previous.count, tree.count)
        guard shortest > 0, let old = previous.baseAddress, let new = tree.baseAddress else { return (0, 0) }
        let start = min(known.prefix, shortest)
        let prefix = start + sharedPrefix(old + start, new + start, count: shortest - start)
        let left = shortest - prefix
        guard known.suffix < left else { return (prefix, left) }
        let end = known.suffix
        return (prefix, end + sharedSuffix(ending: old + previous.count - end, new + tree.count - end, count: left - end))
    }

    /// What a delta of a `middle` of `count` bytes takes in its row: the middle, and its two
    /// lengths.
    static func storedBytes(middle count: Int) -> Int { count + 16 }

    // The shared start and end are found a block at a time with `memcmp` while they match,
    // then 32 bytes at a time, then in the first eight bytes that differ, by the position of
    // their first differing bit: this runs at every commit, and a large tree's text is tens of
    // kilobytes of which a route changes a few hundred bytes.

    /// How many bytes from `a` and `b` on are the same, up to `count`.
    private static func sharedPrefix(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Int {
        let block = 256
        var shared = 0
        while shared + block <= count && memcmp(a + shared, b + shared, block) == 0 { shared += block }
        while shared + 32 <= count && !differ(a + shared, b + shared) { shared += 32 }
        while shared + 8 <= count {
            // The byte at the lower address is the less significant once read as little-endian.
            let bits = UInt64(littleEndian: a.loadUnaligned(fromByteOffset: shared, as: UInt64.self))
                ^ UInt64(littleEndian: b.loadUnaligned(fromByteOffset: shared, as: UInt64.self))
            if bits != 0 { return shared + bits.trailingZeroBitCount / 8 }
            shared += 8
        }
        while shared < count && a.load(fromByteOffset: shared, as: UInt8.self) == b.load(fromByteOffset: shared, as: UInt8.self) {
            shared += 1
        }
        return shared
    }

    /// How many bytes before `a` and `b` are the same, up to `count`.
    private static func sharedSuffix(ending a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Int {
        let block = 256
        var shared = 0
        while shared + block <= count && memcmp(a - shared - block, b - shared - block, block) == 0 { shared += block }
        while shared + 32 <= count && !differ(a - shared - 32, b - shared - 32) { shared += 32 }
        while shared + 8 <= count {
            // The byte at the higher address is the more significant once read as little-endian.
            let bits = UInt64(littleEndian: (a - shared - 8).loadUnaligned(as: UInt64.self))
                ^ UInt64(littleEndian: (b - shared - 8).loadUnaligned(as: UInt64.self))
            if bits != 0 { return shared + bits.leadingZeroBitCount / 8 }
            shared += 8
        }
        while shared < count && (a - shared - 1).load(as: UInt8.self) == (b - shared - 1).load(as: UInt8.self) { shared += 1 }
        return shared
    }

    /// Whether the 32 bytes at `a` and at `b` differ.
    @inline(__always)
    private static func differ(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        let first = (a.loadUnaligned(as: UInt64.self) ^ b.loadUnaligned(as: UInt64.self))
            | (a.loadUnaligned(fromByteOffset: 8, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        let second = (a.loadUnaligned(fromByteOffset: 16, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 16, as: UInt64.self))
            | (a.loadUnaligned(fromByteOffset: 24, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 24, as: UInt64.self))
        return first | second != 0
    }

    init(prefix: Int, suffix: Int, middle: [UInt8]) {
        self.prefix = prefix
        self.suffix = suffix
        self.middle = middle
    }

    /// The length of the tree this delta makes of a tree of `count` bytes; `nil` when it
    /// cannot be the tree it was made from (lengths past its end: a damaged row, whose lengths
    /// may be anything, so nothing adds them before they are known to fit in `count`).
    func length(after count: Int) -> Int? {
        guard prefix >= 0, suffix >= 0, prefix <= count, suffix <= count - prefix else { return nil }
        return prefix + middle.count + suffix
    }

    /// What the delta takes in its row.
    var storedBytes: Int { Self.storedBytes(middle: middle.count) }

    /// The tree this delta makes of `previous`; `nil` when it cannot be the tree it was made
    /// from (`length(after:)`).
    func applied(to previous: [UInt8]) -> [UInt8]? {
        guard length(after: previous.count) != nil else { return nil }
        var tree: [UInt8] = []
        tree.reserveCapacity(prefix + middle.count + suffix)
        tree += previous[..<prefix]
        tree += middle
        tree += previous[(previous.count - suffix)...]
        return tree
    }
}
