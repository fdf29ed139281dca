/// Eight bytes of JSON text checked at once, as one `UInt64` (byte k in lane k): the test the
/// scanner and the writer both make on strings, written once.
@usableFromInline
enum ByteLanes {
    @inlinable static var ones: UInt64 { 0x0101_0101_0101_0101 }
    @inlinable static var highs: UInt64 { 0x8080_8080_8080_8080 }

    /// The high bit of each lane of `word` that holds a control character, `"` or `\`, by the
    /// classic "has a byte less than / equal to" bit tricks. A flagged lane may also flag lanes
    /// after it (a borrow), never one before: only the lowest flag is exact. Lanes from 0x80
    /// are never flagged by their own value.
    @inlinable @inline(__always)
    static func quotesBackslashesAndControls(_ word: UInt64) -> UInt64 {
        let quotes = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslashes = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let control = (word &- ones &* 0x20) & ~word
        let quote = (quotes &- ones) & ~quotes
        let backslash = (backslashes &- ones) & ~backslashes
        return (control | quote | backslash) & highs
    }
}
