/// A cursor over one JSON text that reads only its simplest shapes, for fast paths that decode a
/// message straight into the value they need instead of building a `JSONValue` of all of it.
///
/// Every read returns nil (or false) on anything unusual, without saying why: a string with an
/// escape or a non-ASCII byte, a number with a fraction, an exponent or more than 18 digits,
/// anything malformed. The caller then hands the whole text to `JSONParser`, so the parser alone
/// decides every error and every unusual case. What the scanner does accept it validates as
/// strictly as the parser, so a text it reads to the end is valid JSON that the parser reads as
/// the same values.
public struct JSONScanner {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Deepest nesting allowed, counted as `JSONParser` counts it (the outermost value is 1).
    public let maxDepth: Int
    public private(set) var index = 0

    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private mutating func skipWhitespace() {
        var i = index
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        index = i
    }

    /// Consumes `byte` (after any whitespace) if it comes next.
    public mutating func take(_ byte: UInt8) -> Bool {
        // Compact JSON has no whitespace: the next byte decides, unless it is whitespace.
        if index < bytes.count {
            let next = bytes[index]
            if next == byte {
                index += 1
                return true
            }
            if next > 0x20 { return false }
        }
        skipWhitespace()
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// True when nothing but whitespace is left.
    public mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// The bytes between the quotes of a string of printable ASCII without escapes: the form of
    /// every key and method name. They stay valid while `bytes` does.
    public mutating func rawString() -> UnsafeBufferPointer<UInt8>? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var i = start
        // Eight bytes at a time up to the first that ends the string or declines it (most
        // keys and names fit in one word); the loop below decides on that byte.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while bytes.count &- i >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let stops = Self.stopBytes(word)
                if stops == 0 {
                    i &+= 8
                    continue
                }
                i &+= stops.trailingZeroBitCount &>> 3
                break
            }
        }
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                index = i + 1
                return UnsafeBufferPointer(rebasing: bytes[start..<i])
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            i += 1
        }
        return nil
    }

    /// The high bit set in the lowest byte of `word` (the first in memory) that is `"`, `\`,
    /// a control character or not ASCII, if there is one. (The bit tricks may also flag a
    /// byte after a flagged one, never one before: only the lowest flag is meaningful.)
    @inline(__always)
    static func stopBytes(_ word: UInt64) -> UInt64 {
        ByteLanes.quotesBackslashesAndControls(word) | (word & ByteLanes.highs)
    }

    /// A key and its `:`, as `rawString()` reads it.
    public mutating func key() -> UnsafeBufferPointer<UInt8>? {
        guard let key = rawString(), take(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// A string as `rawString()` reads it.
    public mutating func string() -> String? {
        rawString().map { String(decoding: $0, as: UTF8.self) }
    }

    /// An integer without fraction or exponent, of at most 18 digits (so it cannot overflow).
    public mutating func int() -> Int? {
        skipWhitespace()
        var i = index
        let negative = i < bytes.count && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        let first = i
        var value = 0
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
            value = value &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
            i += 1
        }
        let digits = i - first
        guard digits > 0, digits <= 18, bytes[first] != UInt8(ascii: "0") || digits == 1 else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            return nil
        }
        index = i
        return negative ? -value : value
    }

    /// `true` or `false`.
    public mutating func bool() -> Bool? {
        if literal("true") { return true }
        if literal("false") { return false }
        return nil
    }

    /// `null`.
    public mutating func null() -> Bool {
        literal("null")
    }

    /// Reads an object nested at `depth`, `{` to `}`: `member` gets each key with the scanner
    /// at its value, and must read the value. False when the object is malformed or too deep,
    /// or as soon as `member` returns false (a repeated key, say: the caller knows its keys).
    ///
    /// Always inlined: each caller's `member` closure then becomes straight-line code in the
    /// loop, instead of a call through a context for every member.
    @inline(__always)
    public mutating func members(depth: Int, _ member: (UnsafeBufferPointer<UInt8>, inout JSONScanner) -> Bool) -> Bool {
        guard depth <= maxDepth, take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = key(), member(key, &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// An object whose members are all strings, integers, booleans or `null` (route params),
    /// read as `value(depth:)` reads it (the same `JSONObject`) but without the parser. Nil,
    /// with the scanner back where it was, for anything else, a repeated key included: the
    /// caller then reads the object with `value(depth:)`.
    public mutating func flatObject(depth: Int) -> JSONObject? {
        let start = index
        var pairs: [(key: String, value: JSONValue)] = []
        let read = members(depth: depth) { key, field in
            // Params have a key or two: comparing with each is cheaper than hashing.
            guard !pairs.contains(where: { $0.key.utf8.elementsEqual(key) }), let value = field.scalar() else { return false }
            if pairs.isEmpty { pairs.reserveCapacity(4) }
            pairs.append((String(decoding: key, as: UTF8.self), value))
            return true
        }
        guard read else {
            index = start
            return nil
        }
        return JSONObject(distinctPairs: pairs)
    }

    /// A string, integer, boolean or `null` in the forms the readers above accept.
    private mutating func scalar() -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return bool().map(JSONValue.bool)
        case UInt8(ascii: "n"): return null() ? .null : nil
        default: return int().map(JSONValue.int)
        }
    }

    private mutating func literal(_ text: StaticString) -> Bool {
        skipWhitespace()
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for k in 0..<count where bytes[index + k] != text.utf8Start[k] { return false }
        index += count
        return true
    }

    /// Any value, read by `JSONParser` at nesting `depth`; nil where the parser would throw.
    public mutating func value(depth: Int) -> JSONValue? {
        skipWhitespace()
        return try? JSONParser.parseValue(bytes, at: &index, depth: depth, maxDepth: maxDepth)
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when the bytes spell `text` exactly: how a scanned key or name is matched without
    /// making a `String` of it. Inlinable, so a literal's length is a constant and most keys
    /// are told apart by their length alone.
    @inlinable
    public func equals(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount else { return false }
        let literal = text.utf8Start
        for k in 0..<count where self[k] != literal[k] { return false }
        return true
    }
}
