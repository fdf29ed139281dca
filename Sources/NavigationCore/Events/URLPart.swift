/// Where a placeholder stands in a URL, read from the literal text before it: what its value
/// must be encoded as so that the deep-link parser (`DeepLinkURL.parse`) reads it back exactly.
enum URLPart: Equatable {
    /// A path segment (the first one of `SCHEME://first/…` included): `/`, `?`, `#`, `%`
    /// are encoded.
    case path
    /// A query item's name or value: `&`, `=`, `+` (a space to the parser), `#`, `%` are encoded.
    case queryName, queryValue
    /// After `#`: the parser ignores the fragment; the value is encoded as a query component
    /// so that it cannot end it early either.
    case fragment

    /// The part after the literal text `literal`, starting in this one.
    func after(_ literal: Substring) -> URLPart {
        literal.utf8.reduce(self) { $0.after($1) }
    }

    /// The part after one byte of literal text.
    func after(_ byte: UInt8) -> URLPart {
        switch (self, byte) {
        case (.fragment, _): .fragment
        case (_, UInt8(ascii: "#")): .fragment
        case (.path, UInt8(ascii: "?")): .queryName
        case (.queryName, UInt8(ascii: "=")): .queryValue
        case (.queryName, UInt8(ascii: "&")), (.queryValue, UInt8(ascii: "&")): .queryName
        default: self
        }
    }

    func encode(_ value: String) -> String {
        switch self {
        case .path: PercentEncoding.encodePathSegment(value)
        case .queryName, .queryValue, .fragment: PercentEncoding.encodeQueryComponent(value)
        }
    }
}
