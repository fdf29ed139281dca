/// A request's `params` object as navd received it, for the record of the revision it makes
/// (`nav.history`'s `cause.params`, the store): where it lies in the request's line, read
/// from there while the line is handled (the line stays where it was read until every
/// request of it is answered), not copied at decoding. Its bytes are the line's, without the
/// whitespace outside strings, so that what navd writes stays compact JSON on one line.
/// Nothing is decoded or written again: members keep their order, numbers and escapes their
/// spelling.
public struct ReceivedParams: Sendable, Hashable {
    /// Where the params object lies in the line; `nil` when the request gave none (`{}`).
    @usableFromInline let range: Range<Int>?

    /// The params that lie at `range` in the line (`nil`: none given).
    public init(_ range: Range<Int>?) { self.range = range }

    /// A request that gave no params (and what a method that changes nothing keeps).
    public static let none = ReceivedParams(nil)

    /// The params' bytes: `line[range]` as it is when it is compact (what navd's clients
    /// send), else a copy without its insignificant whitespace; `{}` when none were given.
    /// Inlinable: it runs for every mutation, and its caller's body is specialized into it.
    @inlinable @inline(__always)
    public func withBytes<R, E: Error>(
        in line: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R
    ) throws(E) -> R {
        guard let range else {
            let empty: StaticString = "{}"
            return try body(UnsafeBufferPointer(start: empty.utf8Start, count: empty.utf8CodeUnitCount))
        }
        // Compact params are used as they are: no byte of them is whitespace or a control
        // character. Eight bytes at a time: a byte below 0x21 sets the top bit of its lane in
        // `(word - 0x21…) & ~word` (a byte from 0x80 up has that bit set in `word` and is
        // masked out), then byte by byte from the word that has one.
        var index = range.lowerBound
        if let base = UnsafeRawPointer(line.baseAddress) {
            while range.upperBound &- index >= 8 {
                let word = base.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if (word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080 != 0 { break }
                index &+= 8
            }
        }
        while index < range.upperBound, line[index] > 0x20 { index += 1 }
        if index == range.upperBound { return try body(UnsafeBufferPointer(rebasing: line[range])) }
        let compacted = Self.compacted(line, range)
        return try compacted.withUnsafeBufferPointer { (bytes) throws(E) -> R in try body(bytes) }
    }

    /// `bytes[range]`, a JSON value the scanner read whole, without its insignificant
    /// whitespace.
    @usableFromInline
    static func compacted(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: range.count) { out, count in
            var written = 0
            var inString = false
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = bytes[index]
                index += 1
                if inString {
                    out[written] = byte
                    written += 1
                    if byte == UInt8(ascii: "\\") {
                        // The escaped byte is copied as it is (a quote does not end the string).
                        out[written] = bytes[index]
                        written += 1
                        index += 1
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                } else if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    continue
                } else {
                    out[written] = byte
                    written += 1
                    if byte == UInt8(ascii: "\"") { inString = true }
                }
            }
            count = written
        }
    }
}
