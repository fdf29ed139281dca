/// The growable byte buffer the JSON writers write into.
///
/// Shaped for speed: a message is dozens of short appends (`,"screen":"s`, a digit, a quote),
/// and `[UInt8].append` pays for a uniqueness check and, with `contentsOf:`, for generic
/// sequence code on each of them. Here an append is a capacity check and a store or a
/// `memcpy`. One owner (non-copyable), so no reference counting and no copy-on-write either;
/// `bytes` copies the result out once, into the array a `Payload` or a record keeps.
public struct JSONBuffer: ~Copyable {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var used: Int
    @usableFromInline var allocated: Int

    public init(capacity: Int = 256) {
        self.allocated = Swift.max(capacity, 16)
        self.base = .allocate(capacity: allocated)
        self.used = 0
    }

    deinit { base.deallocate() }

    /// Bytes written so far.
    @inlinable public var count: Int { used }

    @inlinable public var isEmpty: Bool { used == 0 }

    /// Bytes it can hold before it grows.
    @inlinable public var capacity: Int { allocated }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if used == allocated { grow(toHold: 1) }
        base[used] = byte
        used &+= 1
    }

    /// Punctuation, keys and other constant text (`,"screen":"s`).
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        let count = bytes.count
        guard count > 0 else { return }
        if allocated &- used < count { grow(toHold: count) }
        UnsafeMutableRawPointer(base + used).copyMemory(from: bytes.baseAddress!, byteCount: count)
        used &+= count
    }

    @inlinable @inline(__always)
    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    /// Bytes encoded earlier (an event array, a tree), spliced in as they are.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// `value` in decimal, its digits written straight into place (no String, no digit
    /// array): ids, revisions and params are small, so the common case is one or two digits.
    @inlinable @inline(__always)
    public mutating func append(decimal value: Int) {
        if value >= 0 && value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(of: value.magnitude)
    }

    @usableFromInline
    mutating func appendDigits(of magnitude: UInt) {
        let digits = Self.digitCount(magnitude)
        reserveCapacity(digits)
        // Two digits per division (by a constant: a multiplication), from the end, each pair
        // copied as one 16-bit word.
        var rest = magnitude
        var position = used &+ digits
        let pairs = UnsafeRawPointer(Self.digitPairs.utf8Start)
        let target = UnsafeMutableRawPointer(base)
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position &-= 2
            target.storeBytes(of: pairs.loadUnaligned(fromByteOffset: pair, as: UInt16.self), toByteOffset: position, as: UInt16.self)
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            target.storeBytes(of: pairs.loadUnaligned(fromByteOffset: pair, as: UInt16.self), toByteOffset: position &- 2, as: UInt16.self)
        } else {
            base[position &- 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        used &+= digits
    }

    /// Decimal digits of `value`: up to four (ids, revisions, most params) by comparisons alone.
    @inline(__always)
    static func digitCount(_ value: UInt) -> Int {
        if value < 10_000 { return value < 100 ? (value < 10 ? 1 : 2) : (value < 1_000 ? 3 : 4) }
        var digits = 5
        var limit: UInt = 100_000
        while digits < 20 && value >= limit {
            digits &+= 1
            limit &*= 10
        }
        return digits
    }

    /// "00", "01", … "99" back to back.
    @usableFromInline
    static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Room for `count` more bytes at least, so that the appends of a message of known size
    /// do not grow it step by step.
    @inlinable
    public mutating func reserveCapacity(_ count: Int) {
        if allocated &- used < count { grow(toHold: count) }
    }

    /// The rare path, kept out of line so that the appends inlined everywhere stay small.
    @usableFromInline @inline(never)
    mutating func grow(toHold count: Int) {
        let newCapacity = Swift.max(allocated &* 2, used &+ count)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        UnsafeMutableRawPointer(newBase).copyMemory(from: base, byteCount: used)
        base.deallocate()
        base = newBase
        allocated = newCapacity
    }

    /// Forgets what was written and keeps the memory, for a buffer reused message after message.
    @inlinable
    public mutating func removeAll() { used = 0 }

    /// Drops the last byte written.
    public mutating func removeLast() {
        precondition(used > 0, "removeLast on an empty buffer")
        used &-= 1
    }

    /// The bytes written, in a new array.
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: used))
    }

    public func withUnsafeBytes<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R {
        try body(UnsafeRawBufferPointer(start: base, count: used))
    }

    /// The bytes `write` writes into a fresh buffer.
    public static func encode(capacity: Int = 256, _ write: (inout JSONBuffer) -> Void) -> [UInt8] {
        var buffer = JSONBuffer(capacity: capacity)
        write(&buffer)
        return buffer.bytes
    }

    /// Appends the bytes written to `out`.
    public func append(to out: inout [UInt8]) {
        out.append(contentsOf: UnsafeBufferPointer(start: base, count: used))
    }
}
