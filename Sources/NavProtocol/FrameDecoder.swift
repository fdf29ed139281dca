#if canImport(Glibc)
internal import Glibc
#elseif canImport(Musl)
internal import Musl
#elseif canImport(Darwin)
internal import Darwin
#endif

/// What the NDJSON framing yields (docs/protocol.md).
public enum Frame {
    /// One complete line without its `\n` or `\r\n`; never empty or blank. Its bytes where
    /// they lie (in the caller's buffer, or the decoder's for a line split across feeds), valid
    /// only during the callback: copy them to keep them.
    case line(UnsafeBufferPointer<UInt8>)
    /// A line longer than the limit. Its bytes were never buffered beyond the limit; the rest of
    /// it, up to its newline, is discarded. Emitted once per such line.
    case oversized
}

/// Splits a byte stream into newline-delimited frames, enforcing the line limit while it scans.
///
/// - A line ends with `\n`; one `\r` just before it is stripped, so `\r\n` works.
/// - Blank lines (nothing, or only spaces, tabs and carriage returns) are skipped.
/// - The limit counts a line's bytes without its terminator: a line of exactly `maxLineBytes`
///   bytes passes, one more byte makes it `.oversized`. The decoder never holds more than
///   `maxLineBytes + 1` bytes (the `+ 1` is a `\r` that may turn out to end the line).
/// - Only the unfinished tail of a feed is kept between feeds; newlines are found with `memchr`.
///
/// The callback must not use the decoder itself.
public struct FrameDecoder: Sendable {
    /// The longest line, in bytes without its terminator, that becomes a `.line`.
    public let maxLineBytes: Int
    /// A buffer grown beyond this by one big line is released once that line is done, so an
    /// idle connection does not keep a mebibyte.
    private static let retainedCapacity = 64 * 1024

    private var pending: [UInt8] = []
    private var discarding = false

    public init(maxLineBytes: Int = 1 << 20) {
        precondition(maxLineBytes > 0, "maxLineBytes must be positive")
        self.maxLineBytes = maxLineBytes
    }

    /// Bytes of the unfinished line held until its newline arrives.
    public var bufferedByteCount: Int { pending.count }

    /// True while the rest of an oversized line is being discarded.
    public var isDiscarding: Bool { discarding }

    /// Scans `bytes`, calling `emit` for every frame they complete, in order. A line that lies
    /// whole in `bytes` is handed over where it is, not copied into the decoder's buffer; only a
    /// line split across feeds is assembled there.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer, _ emit: (Frame) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let end = bytes.count
        var start = 0
        while start < end {
            let newline = memchr(base + start, 0x0A, end - start).map { base.distance(to: UnsafeRawPointer($0)) }
            if discarding {
                guard let newline else { return }
                discarding = false
                start = newline + 1
                continue
            }
            guard let newline else {
                keepTail(UnsafeRawBufferPointer(start: base + start, count: end - start)) { _ in emit(.oversized) }
                return
            }
            let segment = UnsafeRawBufferPointer(start: base + start, count: newline - start)
            if pending.isEmpty {
                finishLineInPlace(segment, emit)
            } else {
                finishLine(segment, emit)
            }
            start = newline + 1
        }
    }

    /// `finishLine` for a whole line in the caller's bytes (nothing pending): the same checks,
    /// on the bytes where they are.
    private func finishLineInPlace(_ segment: UnsafeRawBufferPointer, _ emit: (Frame) -> Void) {
        let bytes = segment.assumingMemoryBound(to: UInt8.self)
        let length = bytes.last == 0x0D ? bytes.count - 1 : bytes.count
        if length > maxLineBytes {
            emit(.oversized)
            return
        }
        let line = UnsafeBufferPointer(rebasing: bytes[..<length])
        if !Self.isBlank(line) {
            emit(.line(line))
        }
    }

    /// `feed` of an array's bytes.
    public mutating func feed(_ bytes: [UInt8], _ emit: (Frame) -> Void) {
        bytes.withUnsafeBytes { feed($0, emit) }
    }

    /// Ends the input: an unfinished last line (no `\n`) becomes a frame, and the decoder is
    /// ready for a new stream.
    public mutating func finish(_ emit: (Frame) -> Void) {
        if !discarding && !pending.isEmpty {
            finishLine(UnsafeRawBufferPointer(start: nil, count: 0), emit)
        }
        discarding = false
        releaseLine()
    }

    /// `segment` is the rest of a line whose `\n` was just found.
    private mutating func finishLine(_ segment: UnsafeRawBufferPointer, _ emit: (Frame) -> Void) {
        let total = pending.count + segment.count
        let last = segment.last ?? pending.last
        let length = last == 0x0D ? total - 1 : total
        if length > maxLineBytes {
            releaseLine()
            emit(.oversized)
            return
        }
        pending.append(contentsOf: segment.assumingMemoryBound(to: UInt8.self))
        if length < total { pending.removeLast() }
        if !Self.isBlank(pending) {
            pending.withUnsafeBufferPointer { emit(.line($0)) }
        }
        releaseLine()
    }

    /// `segment` is the start or middle of a line: no `\n` yet.
    private mutating func keepTail(_ segment: UnsafeRawBufferPointer, _ emit: (Frame) -> Void) {
        let total = pending.count + segment.count
        let fits = total <= maxLineBytes || (total == maxLineBytes + 1 && segment.last == 0x0D)
        guard fits else {
            releaseLine()
            discarding = true
            emit(.oversized)
            return
        }
        pending.append(contentsOf: segment.assumingMemoryBound(to: UInt8.self))
    }

    private mutating func releaseLine() {
        if pending.capacity > Self.retainedCapacity {
            pending = []
        } else {
            pending.removeAll(keepingCapacity: true)
        }
    }

    private static func isBlank(_ line: some Sequence<UInt8>) -> Bool {
        for byte in line where byte != 0x20 && byte != 0x09 && byte != 0x0D { return false }
        return true
    }
}
