import NavJSON

extension ScreenDefinition {
    /// `validatedParams(_:)` of params given as text. Text that holds exactly the declared
    /// params, in order, each a value of its type that needs no normalizing (most routes) is
    /// the result as it is, checked in place: nothing is built. Any other text is read into
    /// its object, validated as that, and the result written.
    func validatedParams(_ given: JSONObjectText) throws(NavError) -> JSONObjectText {
        if ParamDefinition.areDeclaredAsIs(given, params) { return given }
        return JSONObjectText(try validatedParams(given.object))
    }
}

extension ParamDefinition {
    /// Whether the text `given` holds exactly `params`, in order, each a value of its type as
    /// `ParamType.acceptsUnchanged` takes it. Read byte by byte, as `JSONWriter` writes an
    /// object (no spaces): a key or string value with an escape, or any value no param type
    /// takes as it is (an object, an array, `null`), answers false, and the caller validates
    /// the object instead.
    static func areDeclaredAsIs(_ given: JSONObjectText, _ params: [ParamDefinition]) -> Bool {
        if given.isEmpty { return params.isEmpty }
        return given.bytes.withUnsafeBufferPointer { text in
            params.withUnsafeBufferPointer { params in
                var at = 1  // after `{`
                for index in params.indices {
                    if index > 0 {
                        guard at < text.count, text[at] == UInt8(ascii: ",") else { return false }
                        at += 1
                    }
                    guard let afterKey = Self.string(in: text, at: at, equalTo: params[index].name),
                        afterKey < text.count, text[afterKey] == UInt8(ascii: ":"),
                        let end = params[index].type.endOfUnchanged(in: text, at: afterKey + 1)
                    else { return false }
                    at = end
                }
                return at == text.count - 1
            }
        }
    }

    /// Where the string at `at` in `text` ends (after its closing quote) when it has no
    /// escapes and spells `name`; nil otherwise.
    static func string(in text: UnsafeBufferPointer<UInt8>, at: Int, equalTo name: String) -> Int? {
        name.utf8.withContiguousStorageIfAvailable { name -> Int? in
            let end = at + 1 + name.count
            guard end < text.count, text[at] == UInt8(ascii: "\""), text[end] == UInt8(ascii: "\"") else { return nil }
            for offset in 0..<name.count where text[at + 1 + offset] != name[offset] { return nil }
            return end + 1
        } ?? nil
    }
}

extension ParamType {
    /// Where the value at `at` in an object's text (as `JSONWriter` writes it) ends, when
    /// `acceptsUnchanged` takes it; nil otherwise. An integer is written with neither a
    /// fraction nor an exponent, a double with one of them.
    func endOfUnchanged(in text: UnsafeBufferPointer<UInt8>, at: Int) -> Int? {
        guard at < text.count else { return nil }
        switch self {
        case .string:
            return Self.endOfPlainString(in: text, at: at)
        case .enumeration(let values):
            guard let end = Self.endOfPlainString(in: text, at: at) else { return nil }
            let allowed = values.contains { allowed in
                ParamDefinition.string(in: text, at: at, equalTo: allowed) != nil
            }
            return allowed ? end : nil
        case .bool:
            if text[at] == UInt8(ascii: "t") { return at + 4 }
            if text[at] == UInt8(ascii: "f") { return at + 5 }
            return nil
        case .int, .double:
            var end = at
            if text[end] == UInt8(ascii: "-") { end += 1 }
            let digits = end
            var fraction = false
            while end < text.count {
                let byte = text[end]
                if byte &- UInt8(ascii: "0") < 10 {
                } else if byte == UInt8(ascii: ".") || byte | 0x20 == UInt8(ascii: "e") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
                    fraction = true
                } else {
                    break
                }
                end += 1
            }
            guard end > digits, fraction == (self == .double) else { return nil }
            return end
        case .unknown:
            return nil
        }
    }

    /// Where the string at `at` ends (after its closing quote) when it has no escape; nil for
    /// any other value.
    private static func endOfPlainString(in text: UnsafeBufferPointer<UInt8>, at: Int) -> Int? {
        guard text[at] == UInt8(ascii: "\"") else { return nil }
        var end = at + 1
        while end < text.count {
            switch text[end] {
            case UInt8(ascii: "\""): return end + 1
            case UInt8(ascii: "\\"): return nil
            default: end += 1
            }
        }
        return nil
    }
}
