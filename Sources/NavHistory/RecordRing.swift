/// The bytes of the history's records, one after another in one buffer used as a ring: a
/// record is written after the newest one, or at the buffer's start when it does not fit before
/// the buffer's end (the bytes left at the end are skipped), and dropping the oldest records
/// frees their bytes for the next ones. The buffer grows (to twice its size, or to what the
/// records need when that is more) only when a record does not fit in what the kept records
/// leave free; once the history is full of records of about the same size it no longer grows,
/// and writing or dropping a record allocates and frees nothing.
///
/// A record's position is logical: positions increase with every byte written or skipped, and
/// position `p` lies at `p % capacity` of the buffer (a record never straddles its end). The
/// history keeps each record's position in its index; growing moves every record by the same
/// amount (`write` returns it), so the index is updated by one subtraction each.
struct RecordRing: Sendable {
    /// The buffer; its count is the capacity.
    private var buffer: [UInt8] = []
    /// The position of the oldest kept byte: the oldest record's, or `end` when none is kept.
    private(set) var start = 0
    /// The position after the newest record.
    private(set) var end = 0

    /// The smallest buffer the ring allocates.
    static let minimumCapacity = 4_096

    var capacity: Int { buffer.count }

    /// Copies `bytes` after the newest record and returns where they lie, and how much every
    /// earlier position moved back (0 unless the buffer had to grow: subtract it from each).
    mutating func write(_ bytes: UnsafeRawBufferPointer) -> (position: Int, moved: Int) {
        var moved = 0
        var position = place(bytes.count)
        if position + bytes.count - start > capacity {
            moved = grow(toFit: bytes.count)
            position = place(bytes.count)
        }
        let offset = capacity == 0 ? 0 : position % capacity
        buffer.withUnsafeMutableBytes { target in
            if let source = bytes.baseAddress, let base = target.baseAddress {
                (base + offset).copyMemory(from: source, byteCount: bytes.count)
            }
        }
        end = position + bytes.count
        return (position, moved)
    }

    /// Where a record of `count` bytes goes after the newest: at `end`, or at the next turn
    /// of the buffer when it would straddle its end.
    private func place(_ count: Int) -> Int {
        guard capacity > 0 else { return end }
        let offset = end % capacity
        return offset + count <= capacity ? end : end - offset + capacity
    }

    /// Frees every byte before `position`: the start of the oldest record still kept, or `end`
    /// when none is.
    mutating func free(upTo position: Int) {
        precondition(position >= start && position <= end, "navd: the history frees its records oldest first")
        start = position
        if start == end {
            // Nothing kept: the next record goes at the buffer's start.
            start = 0
            end = 0
        }
    }

    /// A buffer large enough for what is kept and `count` more bytes, what is kept copied to
    /// its start in the same order (a skipped end included, so that every record moves by
    /// the same amount); returns that amount.
    private mutating func grow(toFit count: Int) -> Int {
        let kept = end - start
        let first = start
        let newCapacity = Swift.max(Self.minimumCapacity, 2 * capacity, kept + count)
        let old = buffer
        let oldCapacity = capacity
        buffer = [UInt8](unsafeUninitializedCapacity: newCapacity) { target, initialized in
            var copied = 0
            old.withUnsafeBytes { source in
                // The kept bytes in at most two runs: to the old buffer's end, then from its start.
                while copied < kept {
                    let from = (first + copied) % oldCapacity
                    let run = Swift.min(kept - copied, oldCapacity - from)
                    UnsafeMutableRawBufferPointer(target).baseAddress!.advanced(by: copied)
                        .copyMemory(from: source.baseAddress!.advanced(by: from), byteCount: run)
                    copied += run
                }
            }
            initialized = newCapacity
        }
        start = 0
        end = kept
        return first
    }

    /// Calls `body` with the whole buffer, in which a record lies where `bytes(at:count:in:)`
    /// says: for a reader of several records at once (`RevisionRows`).
    func withBuffer<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try buffer.withUnsafeBufferPointer { (all) throws(E) -> R in try body(UnsafeRawBufferPointer(all)) }
    }

    /// The `count` bytes at `position` in `buffer`, the buffer `withBuffer` hands out.
    static func bytes(at position: Int, count: Int, in buffer: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        let offset = buffer.isEmpty ? 0 : position % buffer.count
        return UnsafeRawBufferPointer(rebasing: buffer[offset..<(offset + count)])
    }

    /// Calls `body` with the `count` bytes at `position`.
    func withBytes<R, E: Error>(at position: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let offset = capacity == 0 ? 0 : position % capacity
        return try buffer.withUnsafeBufferPointer { (all) throws(E) -> R in
            try body(UnsafeBufferPointer(rebasing: all[offset..<(offset + count)]))
        }
    }
}
