/// A request's `params` object as navd received it, for the record of the revision it makes
/// (`nav.history`'s `cause.params`, the store): the bytes of the line, copied once, with the
/// whitespace outside strings left out so that what navd writes stays compact JSON on one
/// line. Nothing is decoded or written again: members keep their order, numbers and escapes
/// their spelling.
public enum ReceivedParams {
    /// The params of a request that gave none.
    public static let empty: [UInt8] = Array("{}".utf8)

    /// `bytes[range]`, a JSON value the scanner read whole, without its insignificant
    /// whitespace.
    static func compacted(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8] {
        // Compact params (what navd's clients send) are copied as they are: no byte of them
        // is whitespace or a control character.
        var index = range.lowerBound
        while index < range.upperBound, bytes[index] > 0x20 { index += 1 }
        if index == range.upperBound { return Array(UnsafeBufferPointer(rebasing: bytes[range])) }
        return [UInt8](unsafeUninitializedCapacity: range.count) { out, count in
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
