import NavJSON
/// Placeholders in event steps (Protocol/semantics.md 70): a string that is exactly `"$name"`
/// becomes the payload's value with its type; `{name}` inside a longer string is replaced by
/// the value's text — in a deep link's `url`, percent-encoded for where the placeholder stands
/// (`URLPart`), so that the screen receives the value exactly and a value never adds segments
/// or query items. A payload param that is absent (optional, no default) makes `"$name"`
/// disappear from its object and `{name}` an empty text.
extension EventStep {
    public func substituted(_ payload: JSONObject) -> EventStep {
        EventStep(method: method, params: Self.substitute(params, payload, key: nil) ?? .object([:]))
    }

    /// nil: the value is a `"$name"` whose param has no value (its member is left out).
    static func substitute(_ value: JSONValue, _ payload: JSONObject, key: String?) -> JSONValue? {
        switch value {
        case .string(let text):
            if let name = Placeholder.whole(text) { return payload[name] }
            guard text.contains("{") else { return value }
            return .string(Placeholder.interpolate(text, payload, encoded: key == "url"))
        case .array(let elements):
            return .array(elements.map { substitute($0, payload, key: nil) ?? .null })
        case .object(let object):
            var result = JSONObject()
            for (member, inner) in object.pairs {
                if let replaced = substitute(inner, payload, key: member) { result[member] = replaced }
            }
            return .object(result)
        default:
            return value
        }
    }
}

/// The two placeholder forms and where they are in a step.
public enum Placeholder {
    /// The name of a string that is a whole placeholder: `$` then a name.
    static func whole(_ text: String) -> String? {
        guard text.utf8.first == UInt8(ascii: "$"), text.utf8.count > 1 else { return nil }
        let name = String(text.dropFirst())
        return DefinitionDecoder.isName(name) ? name : nil
    }

    /// The names of the `{name}` placeholders in a string, in order. A `{` not followed by a
    /// name and `}` is literal text.
    static func interpolated(_ text: String) -> [String] {
        var names: [String] = []
        forEachPiece(text) { piece in if case .name(let name) = piece { names.append(name) } }
        return names
    }

    /// `text` with each `{name}` replaced by the payload's value; in a URL (`encoded`), the
    /// value is encoded for the part of the URL the placeholder stands in.
    static func interpolate(_ text: String, _ payload: JSONObject, encoded: Bool) -> String {
        var result = ""
        var part = URLPart.path
        forEachPiece(text) { piece in
            switch piece {
            case .literal(let literal):
                result += literal
                part = part.after(literal)
            case .name(let name):
                let value = payload[name].map(Self.text) ?? ""
                result += encoded ? part.encode(value) : value
            }
        }
        return result
    }

    /// The first `{name}` of a URL that fills a path segment alone (with other placeholders at
    /// most) and whose payload value is the empty string: that segment would vanish and the
    /// link would open something else (`notFound`).
    static func emptySegmentPlaceholder(in url: String, _ payload: JSONObject) -> String? {
        var part = URLPart.path
        var segmentHasText = false
        var emptyNames: [String] = []
        var found: String?
        func endSegment() {
            if !segmentHasText, let first = emptyNames.first, found == nil { found = first }
            segmentHasText = false
            emptyNames = []
        }
        forEachPiece(url) { piece in
            switch piece {
            case .literal(let literal):
                for byte in literal.utf8 {
                    if part == .path {
                        switch byte {
                        case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): endSegment()
                        default: segmentHasText = true
                        }
                    }
                    part = part.after(byte)
                }
            case .name(let name):
                guard part == .path else { return }
                if case .string("")? = payload[name] { emptyNames.append(name) } else { segmentHasText = true }
            }
        }
        if part == .path { endSegment() }
        return found
    }

    /// A value as interpolated text: a string as is, anything else as its JSON.
    static func text(_ value: JSONValue) -> String {
        if case .string(let string) = value { return string }
        return JSONWriter.string(value)
    }

    enum Piece {
        case literal(Substring)
        case name(String)
    }

    private static func forEachPiece(_ text: String, _ body: (Piece) -> Void) {
        var rest = text[...]
        while let open = rest.firstIndex(of: "{") {
            let afterOpen = rest.index(after: open)
            if let close = rest[afterOpen...].firstIndex(of: "}"),
                DefinitionDecoder.isName(String(rest[afterOpen..<close]))
            {
                if open > rest.startIndex { body(.literal(rest[..<open])) }
                body(.name(String(rest[afterOpen..<close])))
                rest = rest[rest.index(after: close)...]
            } else {
                body(.literal(rest[...open]))
                rest = rest[afterOpen...]
            }
        }
        if !rest.isEmpty { body(.literal(rest)) }
    }

    /// Every placeholder in a step's params with its path: `(path, name, whole)`.
    static func all(in value: JSONValue, at path: DiagnosticPath) -> [(path: DiagnosticPath, name: String, whole: Bool)] {
        switch value {
        case .string(let text):
            if let name = whole(text) { return [(path, name, true)] }
            return interpolated(text).map { (path, $0, false) }
        case .array(let elements):
            return elements.enumerated().flatMap { all(in: $0.element, at: path.index($0.offset)) }
        case .object(let object):
            return object.pairs.flatMap { all(in: $0.value, at: path.key($0.key)) }
        default:
            return []
        }
    }
}
