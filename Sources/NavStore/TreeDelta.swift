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
    /// What lies between them in this tree: a slice of it when the delta was just made (a
    /// commit binds it where it lies instead of copying it into an array of its own).
    var middle: ArraySlice<UInt8>

    /// The delta that turns `previous` into `tree`. The shared start and end never overlap,
    /// in either text.
    init(from previous: [UInt8], to tree: [UInt8]) {
        let shortest = min(previous.count, tree.count)
        var prefix = 0
        var suffix = 0
        previous.withUnsafeBytes { old in
            tree.withUnsafeBytes { new in
                // A block at a time with `memcmp` while they match, then eight bytes at a time,
                // then byte by byte: this runs at every commit, and a large tree's text is
                // tens of kilobytes of which a route changes a few hundred bytes.
                let block = 256
                while prefix + block <= shortest && memcmp(old.baseAddress! + prefix, new.baseAddress! + prefix, block) == 0 {
                    prefix += block
                }
                while prefix + 8 <= shortest
                    && old.loadUnaligned(fromByteOffset: prefix, as: UInt64.self) == new.loadUnaligned(fromByteOffset: prefix, as: UInt64.self)
                { prefix += 8 }
                while prefix < shortest && old[prefix] == new[prefix] { prefix += 1 }
                let room = shortest - prefix
                while suffix + block <= room
                    && memcmp(old.baseAddress! + old.count - block - suffix, new.baseAddress! + new.count - block - suffix, block) == 0
                { suffix += block }
                while suffix + 8 <= room
                    && old.loadUnaligned(fromByteOffset: old.count - 8 - suffix, as: UInt64.self)
                        == new.loadUnaligned(fromByteOffset: new.count - 8 - suffix, as: UInt64.self)
                { suffix += 8 }
                while suffix < room && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
            }
        }
        self.prefix = prefix
        self.suffix = suffix
        middle = tree[prefix..<(tree.count - suffix)]
    }

    init(prefix: Int, suffix: Int, middle: [UInt8]) {
        self.prefix = prefix
        self.suffix = suffix
        self.middle = middle[...]
    }

    /// The length of the tree this delta makes of a tree of `count` bytes; `nil` when it
    /// cannot be the tree it was made from (lengths past its end: a damaged row, whose lengths
    /// may be anything, so nothing adds them before they are known to fit in `count`).
    func length(after count: Int) -> Int? {
        guard prefix >= 0, suffix >= 0, prefix <= count, suffix <= count - prefix else { return nil }
        return prefix + middle.count + suffix
    }

    /// What the delta takes in its row: its middle, and its two lengths.
    var storedBytes: Int { middle.count + 16 }

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
