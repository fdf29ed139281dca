/// A strict RFC 8259 JSON parser over UTF-8 bytes.
///
/// Strict means: no trailing commas, no comments, no leading zeros, no lone surrogates, no
/// control characters in strings, and invalid UTF-8 is an error. Nesting deeper than
/// `maxDepth` is an error too, so hostile input cannot exhaust the stack.
///
/// A key repeated in one object: the last value wins (what JSON-RPC requests get), unless the
/// caller asks for `.reject` (app definitions), which makes it an error.
public struct JSONParser {
    public struct Error: Swift.Error, Sendable, Equatable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            case invalidUTF8
            case tooDeep
            case syntax
            /// A key given twice in one object, under `DuplicateKeys.reject`.
            case duplicateKey(String)
        }
        /// One step from a value to a member of it: an object key or an array index.
        public enum Step: Sendable, Equatable {
            case key(String)
            case index(Int)
        }
        public var kind: Kind
        public var offset: Int
        public var message: String
        /// Where the error is, from the document down: the members the parser was inside
        /// (for a duplicate key, the object that repeats it). Filled in as the error leaves
        /// each nested value, so building it costs nothing while parsing succeeds.
        public var path: [Step] = []
        public var description: String { "\(message) at byte \(offset)" }

        public init(kind: Kind, offset: Int, message: String, path: [Step] = []) {
            self.kind = kind
            self.offset = offset
            self.message = message
            self.path = path
        }
    }

    /// What a key repeated in one object does.
    public enum DuplicateKeys: Sendable {
        /// The last value wins (RFC 8259 leaves it to the implementation).
        case lastWins
        /// An error (`Error.Kind.duplicateKey`) at the repeated key.
        case reject
    }

    public static let defaultMaxDepth = 64

    public static func parse(
        _ text: String, maxDepth: Int = defaultMaxDepth, duplicateKeys: DuplicateKeys = .lastWins
    ) throws(Error) -> JSONValue {
        try parse(Array(text.utf8), maxDepth: maxDepth, duplicateKeys: duplicateKeys)
    }

    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = defaultMaxDepth, duplicateKeys: DuplicateKeys = .lastWins
    ) throws(Error) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(Error) -> JSONValue in
            try parse(buffer, maxDepth: maxDepth, duplicateKeys: duplicateKeys)
        }
    }

    public static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth, duplicateKeys: DuplicateKeys = .lastWins
    ) throws(Error) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.rejectsDuplicateKeys = duplicateKeys == .reject
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 1)
        parser.skipWhitespace()
        if parser.index != bytes.count {
            throw parser.error(.syntax, "unexpected data after the JSON value")
        }
        return value
    }

    /// One value starting at `index` (no whitespace before it), nested at `depth`; `index` ends
    /// just after it. `JSONScanner` reads the values it has no shortcut for with this.
    static func parseValue(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, depth: Int, maxDepth: Int
    ) throws(Error) -> JSONValue {
        var parser = JSONParser(bytes: bytes, maxDepth: maxDepth)
        parser.index = index
        let value = try parser.parseValue(depth: depth)
        index = parser.index
        return value
    }

    private let bytes: UnsafeBufferPointer<UInt8>
    private let maxDepth: Int
    private var rejectsDuplicateKeys = false
    private var index = 0

    private init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private func error(_ kind: Error.Kind, _ message: String) -> Error {
        Error(kind: kind, offset: index, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Error) -> JSONValue {
        guard index < bytes.count else { throw error(.syntax, "unexpected end of input") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth)
        case UInt8(ascii: "["): return try parseArray(depth: depth)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        default: throw error(.syntax, "unexpected character '\(Self.printable(bytes[index]))'")
        }
    }

    private static func printable(_ byte: UInt8) -> String {
        byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(Error) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else { throw error(.syntax, "unexpected end of input") }
        let base = literal.utf8Start
        for i in 0..<count where bytes[index + i] != base[i] {
            throw error(.syntax, "invalid literal")
        }
        index += count
    }

    private mutating func parseObject(depth: Int) throws(Error) -> JSONValue {
        guard depth <= maxDepth else { throw error(.tooDeep, "JSON nested deeper than \(maxDepth) levels") }
        index += 1
        var object = JSONObject()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error(.syntax, "expected a string key")
            }
            let keyStart = index
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error(.syntax, "expected ':' after an object key")
            }
            index += 1
            skipWhitespace()
            let count = object.count
            do {
                object[key] = try parseValue(depth: depth + 1)
            } catch var inner {
                inner.path.insert(.key(key), at: 0)
                throw inner
            }
            if rejectsDuplicateKeys && object.count == count {
                throw Error(kind: .duplicateKey(key), offset: keyStart, message: "duplicate key")
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.syntax, "unexpected end of input in an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(object) }
            throw error(.syntax, "expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(Error) -> JSONValue {
        guard depth <= maxDepth else { throw error(.tooDeep, "JSON nested deeper than \(maxDepth) levels") }
        index += 1
        var array: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(array)
        }
        while true {
            skipWhitespace()
            do {
                array.append(try parseValue(depth: depth + 1))
            } catch var inner {
                inner.path.insert(.index(array.count), at: 0)
                throw inner
            }
            skipWhitespace()
            guard index < bytes.count else { throw error(.syntax, "unexpected end of input in an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(array) }
            throw error(.syntax, "expected ',' or ']' in an array")
        }
    }

    private mutating func parseNumber() throws(Error) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw error(.syntax, "invalid number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw error(.syntax, "leading zeros are not allowed") }
        } else {
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw error(.syntax, "invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw error(.syntax, "invalid number") }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        let digits = index - start - (negative ? 1 : 0)
        // Up to 18 digits cannot overflow: added up here, without a String for `Int(_:)`.
        if isInteger && digits <= 18 {
            var value = 0
            for i in (negative ? start + 1 : start)..<index { value = value * 10 + Int(bytes[i] &- UInt8(ascii: "0")) }
            return .int(negative ? -value : value)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        if isInteger, let value = Int(text) { return .int(value) }
        guard let value = Double(text), value.isFinite else { throw error(.syntax, "number out of range") }
        return .double(value)
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func parseString() throws(Error) -> String {
        index += 1  // opening quote
        // Fast path: no escapes, ASCII or valid UTF-8 copied in one go.
        let start = index
        var needsSlowPath = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { break }
            if byte == UInt8(ascii: "\\") || byte >= 0x80 { needsSlowPath = true; break }
            if byte < 0x20 { throw error(.syntax, "control character in a string") }
            index += 1
        }
        if !needsSlowPath {
            guard index < bytes.count else { throw error(.syntax, "unterminated string") }
            let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            index += 1
            return string
        }
        var scalars = String.UnicodeScalarView()
        for b in bytes[start..<index] { scalars.append(UnicodeScalar(b)) }
        while true {
            guard index < bytes.count else { throw error(.syntax, "unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error(.syntax, "unterminated escape") }
                let escape = bytes[index]
                index += 1
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
                    let unit = try parseHex4()
                    if (0xD800...0xDBFF).contains(unit) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error(.syntax, "lone surrogate in \\u escape")
                        }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error(.syntax, "invalid surrogate pair") }
                        let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                        scalars.append(UnicodeScalar(value)!)
                    } else if (0xDC00...0xDFFF).contains(unit) {
                        throw error(.syntax, "lone surrogate in \\u escape")
                    } else {
                        scalars.append(UnicodeScalar(unit)!)
                    }
                default:
                    index -= 1
                    throw error(.syntax, "invalid escape")
                }
            case 0..<0x20:
                throw error(.syntax, "control character in a string")
            case 0..<0x80:
                scalars.append(UnicodeScalar(byte))
                index += 1
            default:
                scalars.append(try parseUTF8Scalar())
            }
        }
    }

    private mutating func parseHex4() throws(Error) -> UInt16 {
        guard index + 4 <= bytes.count else { throw error(.syntax, "truncated \\u escape") }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.syntax, "invalid \\u escape")
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    /// Decodes one multi-byte UTF-8 sequence, rejecting overlong forms, surrogates and values
    /// above U+10FFFF.
    private mutating func parseUTF8Scalar() throws(Error) -> UnicodeScalar {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; value = UInt32(lead & 0x07)
        default: throw error(.invalidUTF8, "invalid UTF-8")
        }
        guard index + length <= bytes.count else { throw error(.invalidUTF8, "truncated UTF-8 sequence") }
        for i in 1..<length {
            let byte = bytes[index + i]
            guard byte & 0xC0 == 0x80 else { throw error(.invalidUTF8, "invalid UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = UnicodeScalar(value) else {
            throw error(.invalidUTF8, "invalid UTF-8")
        }
        index += length
        return scalar
    }
}
