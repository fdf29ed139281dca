/// A JSON object held as the compact text `JSONWriter` writes for it (`{"postId":2}`): no
/// spaces, keys in their order, strings escaped only where the writer escapes them.
///
/// What a screen's params are kept as: a route's params arrive as such text, the engine checks
/// them against the declared params in place and the screen's event text copies them, so the
/// common request builds no `JSONObject` for them at all. `object` reads the text back where a
/// caller needs the values. Equality and hashing are the object's (key order ignored), as
/// `JSONObject`'s are.
public struct JSONObjectText: Sendable {
    /// `{…}` as `JSONWriter.write(_:into:)` writes the object.
    public let bytes: [UInt8]

    /// `{}`.
    public init() {
        bytes = Self.empty
    }

    /// The text of `object`.
    public init(_ object: JSONObject) {
        if object.isEmpty {
            bytes = Self.empty
            return
        }
        var out = JSONBuffer(capacity: 32)
        JSONWriter.write(object, into: &out)
        bytes = out.bytes
    }

    /// The object next in `scanner` (after any whitespace), as it is, when its text is what
    /// `JSONWriter` writes for it: no spaces, each key once, keys and string values printable
    /// ASCII without escapes, values strings, integers (no leading zeros, at most 18 digits,
    /// no fraction or exponent), `true`, `false` or `null`, and the scanner after it. nil, the
    /// scanner unmoved, for any other object or value (which `init(_:)` then writes from the
    /// value built): a client's params are mostly such a flat object, copied here in one piece.
    public init?(compact scanner: inout JSONScanner) {
        guard let text = scanner.compactObject() else { return nil }
        bytes = text.count == 2 ? Self.empty : Array(text)
    }

    private static let empty: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "}")]

    /// Whether the object has no members.
    public var isEmpty: Bool { bytes.count == 2 }

    /// The object the text spells.
    public var object: JSONObject {
        if isEmpty { return JSONObject() }
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(buffer, maxDepth: .max)
            do throws(JSONParser.Error) {
                guard case .object(let object) = try scanner.value(depth: 1) else {
                    preconditionFailure("navd: an object's text holds another value")
                }
                return object
            } catch {
                preconditionFailure("navd: an object's text is not JSON: \(error)")
            }
        }
    }
}

extension JSONObjectText: Hashable {
    /// Equal when the objects are: the same text is the same object, and a different text
    /// may still spell an equal object with its keys in another order.
    public static func == (lhs: JSONObjectText, rhs: JSONObjectText) -> Bool {
        lhs.bytes == rhs.bytes || lhs.object == rhs.object
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(object)
    }
}

extension JSONObjectText: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(JSONObject(elements))
    }
}

extension JSONScanner {
    /// The most members `compactObject` takes (it compares each key with the ones before it).
    static let compactMembersMaximum = 8

    /// The bytes of the object next (see `JSONObjectText.init(compact:)`), the scanner after
    /// it; nil, the scanner unmoved, when it is not written so.
    mutating func compactObject() -> UnsafeBufferPointer<UInt8>? {
        let start = position
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{") else { return nil }
        position = start + 1
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return UnsafeBufferPointer(rebasing: bytes[start..<position])
        }
        // Where each key read begins and how long it is, to refuse one given twice.
        var keyStarts = InlineArray<8, Int>(repeating: 0)
        var keyCounts = InlineArray<8, Int>(repeating: 0)
        var count = 0
        while true {
            // `plainString` would skip whitespace before the key: none may be there.
            guard count < Self.compactMembersMaximum, position < bytes.count, bytes[position] == UInt8(ascii: "\""),
                let key = plainString()
            else { break }
            let keyStart = key.baseAddress! - bytes.baseAddress!
            for index in 0..<count
            where keyCounts[index] == key.count
                && UnsafeBufferPointer<UInt8>.sameBytes(UnsafeRawPointer(key.baseAddress!), UnsafeRawPointer(bytes.baseAddress! + keyStarts[index]), count: key.count)
            {
                position = start
                return nil
            }
            keyStarts[count] = keyStart
            keyCounts[count] = key.count
            count += 1
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { break }
            position += 1
            guard compactScalar() else { break }
            guard position < bytes.count else { break }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                continue
            }
            if bytes[position] == UInt8(ascii: "}") {
                position += 1
                return UnsafeBufferPointer(rebasing: bytes[start..<position])
            }
            break
        }
        position = start
        return nil
    }

    /// Moves past the value next when it is written as `JSONWriter` writes it and is no
    /// object or array; false otherwise (the position is then of no use).
    private mutating func compactScalar() -> Bool {
        guard position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            // At the quote: `plainString` skips no whitespace.
            return plainString() != nil
        case UInt8(ascii: "-"):
            position += 1
            guard position < bytes.count, bytes[position] &- UInt8(ascii: "1") < 9 else { return false }
            return shortPositiveInteger() != nil
        case UInt8(ascii: "0"):
            position += 1
            guard position < bytes.count else { return true }
            let next = bytes[position]
            return !Self.isDigit(next) && next != UInt8(ascii: ".") && next | 0x20 != UInt8(ascii: "e")
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            return shortPositiveInteger() != nil
        case UInt8(ascii: "t"): return compactLiteral("true")
        case UInt8(ascii: "f"): return compactLiteral("false")
        case UInt8(ascii: "n"): return compactLiteral("null")
        default: return false
        }
    }

    private mutating func compactLiteral(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard position + count <= bytes.count,
            UnsafeBufferPointer<UInt8>.sameBytes(UnsafeRawPointer(literal.utf8Start), UnsafeRawPointer(bytes.baseAddress! + position), count: count)
        else { return false }
        position += count
        return true
    }
}
