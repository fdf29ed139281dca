/// Percent-encoding and -decoding of URL parts (RFC 3986), byte by byte over UTF-8.
///
/// Deep-link segments and query items are decoded before matching; canonical URLs encode each
/// value so that decoding gives it back exactly.
public enum PercentEncoding {
    /// Encodes one path segment. Unreserved characters and `!$&'()*+,;=:@` stay as they are;
    /// everything else (`/`, `?`, `#`, `%`, space, non-ASCII) is encoded. A segment that is
    /// `.` or `..` is encoded whole (`%2E`) so that no URL normalizer removes it.
    public static func encodePathSegment(_ text: String) -> String {
        if text == "." || text == ".." { return String(repeating: "%2E", count: text.utf8.count) }
        return encode(text) { isUnreserved($0) || isSegmentSubDelimiter($0) }
    }

    /// Encodes a query item's name or value: like a path segment, but `&`, `=`, `+` are
    /// encoded too (they separate items or mean a space) while `/` and `?` stay.
    public static func encodeQueryComponent(_ text: String) -> String {
        encode(text) { byte in
            if isUnreserved(byte) { return true }
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "="), UInt8(ascii: "+"): return false
            case UInt8(ascii: "/"), UInt8(ascii: "?"): return true
            default: return isSegmentSubDelimiter(byte)
            }
        }
    }

    /// Encodes the first segment of a `SCHEME://first/…` URL, which other URL parsers read as a
    /// host: like a path segment, but `:` and `@` are encoded too.
    static func encodeAuthoritySegment(_ text: String) -> String {
        if text == "." || text == ".." { return encodePathSegment(text) }
        return encode(text) { byte in
            byte != UInt8(ascii: ":") && byte != UInt8(ascii: "@") && (isUnreserved(byte) || isSegmentSubDelimiter(byte))
        }
    }

    /// Encodes a pattern literal so that the pattern grammar reads it back as the same literal:
    /// like a path segment, but `(`, `)` are encoded, and a leading `:` or `*`.
    static func encodePatternLiteral(_ text: String) -> String {
        var first = true
        return encode(text) { byte in
            defer { first = false }
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"): return false
            case UInt8(ascii: ":"), UInt8(ascii: "*"): return !first
            default: return isUnreserved(byte) || isSegmentSubDelimiter(byte)
            }
        }
    }

    /// Decodes `%XY` escapes (and `+` as a space if `plusAsSpace`, for query items). Returns
    /// `nil` for an invalid escape or if the decoded bytes are not UTF-8.
    public static func decode(_ text: Substring, plusAsSpace: Bool = false) -> String? {
        let utf8 = text.utf8
        if !utf8.contains(UInt8(ascii: "%")) && !(plusAsSpace && utf8.contains(UInt8(ascii: "+"))) {
            return String(text)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            if byte == UInt8(ascii: "%") {
                let h = utf8.index(after: i)
                guard h != utf8.endIndex, let high = hexValue(utf8[h]) else { return nil }
                let l = utf8.index(after: h)
                guard l != utf8.endIndex, let low = hexValue(utf8[l]) else { return nil }
                bytes.append(high << 4 | low)
                i = utf8.index(after: l)
            } else {
                bytes.append(plusAsSpace && byte == UInt8(ascii: "+") ? UInt8(ascii: " ") : byte)
                i = utf8.index(after: i)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// A path piece that does not decode (an invalid escape, or bytes that are not UTF-8).
    struct UndecodablePiece: Error {
        var piece: String
    }

    /// Splits UTF-8 path bytes on `/`, drops empty pieces and decodes each one, as `decode` does:
    /// one pass over the bytes, and a piece without `%` becomes its String directly.
    static func decodeSegments(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[String], UndecodablePiece> {
        var segments: [String] = []
        var start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "/") {
            defer { start = index + 1 }
            guard index > start else { continue }
            let piece = UnsafeBufferPointer(rebasing: bytes[start..<index])
            guard let segment = decodePiece(piece) else {
                return .failure(UndecodablePiece(piece: String(decoding: piece, as: UTF8.self)))
            }
            segments.append(segment)
        }
        return .success(segments)
    }

    /// `%XY` escapes of one piece of valid UTF-8 text; `nil` for an invalid escape or bytes
    /// that decode to something other than UTF-8.
    private static func decodePiece(_ piece: UnsafeBufferPointer<UInt8>) -> String? {
        guard piece.contains(UInt8(ascii: "%")) else { return String(decoding: piece, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(piece.count)
        var i = 0
        while i < piece.count {
            if piece[i] == UInt8(ascii: "%") {
                guard i + 2 < piece.count, let high = hexValue(piece[i + 1]), let low = hexValue(piece[i + 2]) else {
                    return nil
                }
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(piece[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    public static func decode(_ text: String, plusAsSpace: Bool = false) -> String? {
        decode(Substring(text), plusAsSpace: plusAsSpace)
    }

    // MARK: - Bytes

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func encode(_ text: String, keeping keep: (UInt8) -> Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if keep(byte) {
                out.append(byte)
            } else {
                out.append(UInt8(ascii: "%"))
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `A-Z a-z 0-9 - . _ ~`
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// `! $ & ' ( ) * + , ; = : @` — allowed unencoded inside a path segment.
    private static func isSegmentSubDelimiter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: ";"),
            UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: "@"):
            return true
        default:
            return false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
