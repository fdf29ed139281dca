/// The one reader of JSON bytes: a cursor over one UTF-8 text that reads it value by value,
/// strictly (RFC 8259), and throws `JSONParser.Error` where the text breaks a rule, with the
/// offset and message that error reports.
///
/// Strict means: no trailing commas, no comments, no leading zeros, no lone surrogates, no
/// control characters in strings, and invalid UTF-8 is an error. Nesting deeper than
/// `maxDepth` is an error too, so hostile input cannot exhaust the stack.
///
/// Readers that know the shape they expect (a request's envelope and params) walk objects with
/// `members(depth:_:)` and compare keys as bytes, reading only the values they need as
/// `JSONValue`; `value(depth:)` builds any value (what `JSONParser.parse` returns).
public struct JSONScanner {
    public let bytes: UnsafeBufferPointer<UInt8>
    /// Deepest nesting allowed; the outermost value is at depth 1.
    public let maxDepth: Int
    /// What `value(depth:)` does with a key repeated in one object.
    public let duplicateKeys: JSONParser.DuplicateKeys
    /// The next byte to read.
    public var index: Int { @inlinable get { position } }
    /// Where the key of the member `members(depth:_:)` reads begins (its opening quote), until
    /// the member's value is read (which may read members of its own): a reader that needs a
    /// key later notes this instead of keeping a copy of the key.
    public var keyOffset: Int { @inlinable get { keyPosition } }
    /// `index` and `keyOffset` as stored: the readers of objects and strings are inlinable
    /// (below), so that a caller's `members` closure becomes straight-line code in its loop
    /// across modules, and they move these.
    @usableFromInline var position = 0
    @usableFromInline var keyPosition = 0

    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, duplicateKeys: JSONParser.DuplicateKeys = .lastWins) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.duplicateKeys = duplicateKeys
    }

    /// A scanner of the same text, at `index` (a position a scan of it reached before).
    @inlinable
    public init(_ other: JSONScanner, at position: Int) {
        self = other
        self.position = position
    }

    @usableFromInline
    func error(_ kind: JSONParser.Error.Kind, _ message: String) -> JSONParser.Error {
        JSONParser.Error(kind: kind, offset: position, message: message)
    }

    @inlinable
    public mutating func skipWhitespace() {
        var i = position
        // Compact JSON has no whitespace: one comparison decides for any byte above a space.
        guard i < bytes.count, bytes[i] <= 0x20 else { return }
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0A || bytes[i] == 0x0D { i += 1 }
        position = i
    }

    /// The next byte after any whitespace (the scanner stays before it), nil at the end.
    @inlinable
    public mutating func peek() -> UInt8? {
        skipWhitespace()
        return position < bytes.count ? bytes[position] : nil
    }

    /// Nothing but whitespace may follow the value read.
    public mutating func end() throws(JSONParser.Error) {
        skipWhitespace()
        if position != bytes.count { throw error(.syntax, "unexpected data after the JSON value") }
    }

    // MARK: - Values

    /// Any value, after any whitespace, nested at `depth`. Inlinable up to its most common
    /// case, a short positive integer (ids, indexes, revisions), read where it is asked for;
    /// `anyValue(depth:)` reads the others.
    @inlinable
    public mutating func value(depth: Int) throws(JSONParser.Error) -> JSONValue {
        if let value = positiveInteger() { return .int(value) }
        return try anyValue(depth: depth)
    }

    /// The integer next (after any whitespace) when it is positive, has at most 18 digits and
    /// neither a fraction nor an exponent, the scanner after it: `value(depth:)`'s inlined
    /// case, for a reader that tries it where the value is most often such an integer (a
    /// request's id) before it calls `value(depth:)`. nil, the scanner before the value,
    /// otherwise.
    @inlinable @inline(__always)
    public mutating func positiveInteger() -> Int? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] &- UInt8(ascii: "1") < 9 else { return nil }
        return shortPositiveInteger()
    }

    /// `value(depth:)` past its inlined case, whitespace skipped.
    @usableFromInline
    mutating func anyValue(depth: Int) throws(JSONParser.Error) -> JSONValue {
        guard position < bytes.count else { throw error(.syntax, "unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return .object(try object(depth: depth))
        case UInt8(ascii: "["):
            var array: [JSONValue] = []
            try elements(depth: depth) { (scanner: inout JSONScanner) throws(JSONParser.Error) in
                array.append(try scanner.value(depth: depth + 1))
            }
            return .array(array)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw error(.syntax, "unexpected character '\(Self.printable(bytes[position]))'")
        }
    }

    /// Checks the value next (after any whitespace), nested at `depth`, exactly as
    /// `value(depth:)` reads it, with the same errors at the same offsets, and moves past it
    /// without building it: a reader notes where a value is and builds it later, once it knows
    /// which type it wants.
    public mutating func skipValue(depth: Int) throws(JSONParser.Error) {
        skipWhitespace()
        guard position < bytes.count else { throw error(.syntax, "unexpected end of input") }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            // Refusing a repeated key needs the keys seen: only building the object has them.
            if duplicateKeys == .reject {
                _ = try object(depth: depth)
                return
            }
            try members(depth: depth) { (_, scanner: inout JSONScanner) throws(JSONParser.Error) -> Bool in
                try scanner.skipValue(depth: depth + 1)
                return true
            }
        case UInt8(ascii: "["):
            try elements(depth: depth) { (scanner: inout JSONScanner) throws(JSONParser.Error) in
                try scanner.skipValue(depth: depth + 1)
            }
        case UInt8(ascii: "\""):
            if plainString() == nil { _ = try string() }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try number()
        default: throw error(.syntax, "unexpected character '\(Self.printable(bytes[position]))'")
        }
    }

    private mutating func object(depth: Int) throws(JSONParser.Error) -> JSONObject {
        var object = JSONObject()
        let rejects = duplicateKeys == .reject
        try members(depth: depth) { (key: UnsafeBufferPointer<UInt8>, scanner: inout JSONScanner) throws(JSONParser.Error) -> Bool in
            let name = String(decoding: key, as: UTF8.self)
            return try object.addMember(name, scanner.value(depth: depth + 1)) || !rejects
        }
        return object
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private mutating func literal(_ literal: StaticString) throws(JSONParser.Error) {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count else { throw error(.syntax, "unexpected end of input") }
        let base = literal.utf8Start
        for i in 0..<count where bytes[position + i] != base[i] {
            throw error(.syntax, "invalid literal")
        }
        position += count
    }

    // MARK: - Objects and arrays

    /// Reads an object nested at `depth` (its `{` next, after any whitespace): `member` gets each
    /// key, as the bytes it spells (escapes decoded), with the scanner before its value, and must
    /// read the value. `member` returns false to refuse the key as a repeat of an earlier one
    /// (`Error.Kind.duplicateKey`, at the key).
    ///
    /// Always inlined, in other modules too: each caller's `member` closure then becomes
    /// straight-line code in the loop, instead of a call through a context for every member.
    @inlinable @inline(__always)
    public mutating func members(
        depth: Int, _ member: (UnsafeBufferPointer<UInt8>, inout JSONScanner) throws(JSONParser.Error) -> Bool
    ) throws(JSONParser.Error) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "{") else { throw error(.syntax, "expected an object") }
        guard depth <= maxDepth else { throw error(.tooDeep, "JSON nested deeper than \(maxDepth) levels") }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw error(.syntax, "expected a string key")
            }
            let keyStart = position
            keyPosition = keyStart
            let accepted: Bool
            if let plain = plainString() {
                accepted = try memberValue(plain, member)
            } else {
                var name = try string()
                let outcome = name.withUTF8 { key -> Result<Bool, JSONParser.Error> in
                    do throws(JSONParser.Error) { return .success(try self.memberValue(key, member)) } catch { return .failure(error) }
                }
                accepted = try outcome.get()
            }
            if !accepted {
                var key = JSONScanner(self, at: keyStart)
                let refused = (try? key.string()) ?? ""
                throw JSONParser.Error(kind: .duplicateKey(refused), offset: keyStart, message: "duplicate key")
            }
            skipWhitespace()
            guard position < bytes.count else { throw error(.syntax, "unexpected end of input in an object") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "}") { position += 1; return }
            throw error(.syntax, "expected ',' or '}' in an object")
        }
    }

    /// The `:` after a key and the member's value, read by `member`; false when `member`
    /// refuses the key.
    @inlinable @inline(__always)
    mutating func memberValue(
        _ key: UnsafeBufferPointer<UInt8>, _ member: (UnsafeBufferPointer<UInt8>, inout JSONScanner) throws(JSONParser.Error) -> Bool
    ) throws(JSONParser.Error) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
            throw error(.syntax, "expected ':' after an object key")
        }
        position += 1
        skipWhitespace()
        let accepted: Bool
        do {
            accepted = try member(key, &self)
        } catch var inner {
            inner.path.insert(.key(String(decoding: key, as: UTF8.self)), at: 0)
            throw inner
        }
        return accepted
    }

    /// Reads an array nested at `depth` (its `[` next, after any whitespace): `element` must
    /// read each element, with the scanner before it.
    @inlinable @inline(__always)
    public mutating func elements(
        depth: Int, _ element: (inout JSONScanner) throws(JSONParser.Error) -> Void
    ) throws(JSONParser.Error) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "[") else { throw error(.syntax, "expected an array") }
        guard depth <= maxDepth else { throw error(.tooDeep, "JSON nested deeper than \(maxDepth) levels") }
        position += 1
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return
        }
        var count = 0
        while true {
            skipWhitespace()
            do {
                try element(&self)
            } catch var inner {
                inner.path.insert(.index(count), at: 0)
                throw inner
            }
            count += 1
            skipWhitespace()
            guard position < bytes.count else { throw error(.syntax, "unexpected end of input in an array") }
            if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
            if bytes[position] == UInt8(ascii: "]") { position += 1; return }
            throw error(.syntax, "expected ',' or ']' in an array")
        }
    }

    // MARK: - Strings

    /// The bytes between the quotes of the string next (after any whitespace) when it is
    /// printable ASCII without escapes, the scanner after it; nil, the scanner before the value,
    /// for any other value (which `value(depth:)` then reads). The bytes stay valid while
    /// `bytes` does: a caller matches names with them without making a `String`.
    @inlinable @inline(__always)
    public mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        let start = position + 1
        var i = start
        // Eight bytes at a time up to the first that ends the string or declines it (most
        // keys and names fit in one word); the loop below decides on that byte.
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            while bytes.count &- i >= 8 {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                let stops = ByteLanes.quotesBackslashesAndControls(word) | (word & ByteLanes.highs)
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
                position = i + 1
                return UnsafeBufferPointer(start: bytes.baseAddress! + start, count: i &- start)
            }
            guard byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\\") else { return nil }
            i += 1
        }
        return nil
    }

    /// A string (its `"` next), escapes decoded.
    public mutating func string() throws(JSONParser.Error) -> String {
        if let plain = plainString() { return String(decoding: plain, as: UTF8.self) }
        position += 1  // opening quote
        var scalars = String.UnicodeScalarView()
        while true {
            guard position < bytes.count else { throw error(.syntax, "unterminated string") }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                position += 1
                guard position < bytes.count else { throw error(.syntax, "unterminated escape") }
                let escape = bytes[position]
                position += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    let unit = try hex4()
                    if (0xD800...0xDBFF).contains(unit) {
                        guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
                            throw error(.syntax, "lone surrogate in \\u escape")
                        }
                        position += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(.syntax, "invalid surrogate pair") }
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        scalars.append(UnicodeScalar(value)!)
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        throw error(.syntax, "lone surrogate in \\u escape")
                    } else {
                        scalars.append(UnicodeScalar(unit)!)
                    }
                default:
                    position -= 1
                    throw error(.syntax, "invalid escape")
                }
            case 0..<0x20:
                throw error(.syntax, "control character in a string")
            case 0..<0x80:
                scalars.append(UnicodeScalar(byte))
                position += 1
            default:
                scalars.append(try utf8Scalar())
            }
        }
    }

    private mutating func hex4() throws(JSONParser.Error) -> UInt16 {
        guard position + 4 <= bytes.count else { throw error(.syntax, "truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.syntax, "invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Decodes one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and values
    /// above U+10FFFF.
    private mutating func utf8Scalar() throws(JSONParser.Error) -> UnicodeScalar {
        let lead = bytes[position]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: throw error(.invalidUTF8, "invalid UTF-8")
        }
        guard position + length <= bytes.count else { throw error(.invalidUTF8, "truncated UTF-8 sequence") }
        for i in 1..<length {
            let byte = bytes[position + i]
            guard byte & 0xC0 == 0x80 else { throw error(.invalidUTF8, "invalid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = UnicodeScalar(value) else {
            throw error(.invalidUTF8, "invalid UTF-8")
        }
        position += length
        return scalar
    }

    // MARK: - Numbers

    /// A number: `.int` when it has neither fraction nor exponent and an `Int` holds it, else
    /// `.double`.
    private mutating func number() throws(JSONParser.Error) -> JSONValue {
        // Most numbers are ids, indexes and revisions: positive integers of a few digits,
        // added up in one pass when neither a fraction nor an exponent follows them.
        if let value = shortPositiveInteger() { return .int(value) }
        let start = position
        var isInteger = true
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, Self.isDigit(bytes[position]) else { throw error(.syntax, "invalid number") }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, Self.isDigit(bytes[position]) { throw error(.syntax, "leading zeros are not allowed") }
        } else {
            while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw error(.syntax, "invalid number") }
            while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, Self.isDigit(bytes[position]) else { throw error(.syntax, "invalid number") }
            while position < bytes.count, Self.isDigit(bytes[position]) { position += 1 }
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = position - start - (negative ? 1 : 0)
        // Up to 18 digits cannot overflow: added up here, without a String for `Int(_:)`.
        if isInteger && digits <= 18 {
            var value = 0
            for i in (negative ? start + 1 : start)..<position { value = value &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0")) }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw error(.syntax, "number out of range") }
        return .double(value)
    }

    /// The integer next (its first digit from 1 to 9 next), the scanner after it, when it has
    /// at most 18 digits and no fraction or exponent; nil, the scanner unmoved, otherwise.
    @inlinable @inline(__always)
    mutating func shortPositiveInteger() -> Int? {
        var i = position
        var value = 0
        while i < bytes.count, Self.isDigit(bytes[i]) {
            value = value &* 10 &+ Int(bytes[i] &- UInt8(ascii: "0"))
            i &+= 1
        }
        let digits = i &- position
        guard digits > 0, digits <= 18, bytes[position] != UInt8(ascii: "0") else { return nil }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] | 0x20 == UInt8(ascii: "e") { return nil }
        position = i
        return value
    }

    @inlinable @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// True when the bytes spell `text` exactly: how a scanned key or name is matched without
    /// making a `String` of it. Inlinable, so a literal's length is a constant and most keys
    /// are told apart by their length alone; bytes of the same length are compared a word at a
    /// time (`sameBytes`).
    @inlinable @inline(__always)
    public func equals(_ text: StaticString) -> Bool {
        guard count == text.utf8CodeUnitCount else { return false }
        return Self.sameBytes(UnsafeRawPointer(text.utf8Start), UnsafeRawPointer(baseAddress), count: count)
    }

    /// Whether `count` bytes at `a` and at `b` are the same, in at most two loads of each side
    /// up to 16 bytes (names and keys), the second overlapping the first where the count is
    /// not a power of two: a literal's bytes then fold into constants. Longer runs go eight
    /// bytes at a time.
    @inlinable @inline(__always)
    static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer?, count: Int) -> Bool {
        guard count > 0, let b else { return count == 0 }
        switch count {
        case 1:
            return a.load(as: UInt8.self) == b.load(as: UInt8.self)
        case 2...3:
            return a.loadUnaligned(as: UInt16.self) == b.loadUnaligned(as: UInt16.self)
                && a.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self) == b.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
        case 4...7:
            return a.loadUnaligned(as: UInt32.self) == b.loadUnaligned(as: UInt32.self)
                && a.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self) == b.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
        default:
            var k = 0
            while count &- k > 8 {
                if a.loadUnaligned(fromByteOffset: k, as: UInt64.self) != b.loadUnaligned(fromByteOffset: k, as: UInt64.self) { return false }
                k &+= 8
            }
            return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        }
    }
}
