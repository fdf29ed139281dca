/// A deep link read into path segments and query items (docs/deep-links.md URL forms):
///
/// - `SCHEME://first/rest…` with a scheme of the app (case-insensitive). As in JLRoutes, what
///   URL syntax calls the host is the first path segment: `social://users/42` → `users`, `42`.
///   If `https` itself is one of the app's schemes, https URLs take this form.
/// - `https://HOST/path…` with one of the app's hosts (case-insensitive; a port is ignored).
///   `http://` with one of them is refused (`insecureWebLink`): web links are https only.
/// - a bare `/path…`.
///
/// Segments are split on `/`, empty ones dropped (a trailing or doubled slash is ignored),
/// then percent-decoded, so `%2F` is a slash inside one segment. Dot segments are kept as
/// written (no `..` resolution). Query items are decoded with `+` as a space; the fragment is
/// ignored.
public struct DeepLinkURL: Sendable {
    public enum Form: Sendable, Hashable {
        /// `SCHEME://…`, with the scheme as the definition spells it.
        case scheme(String)
        /// `https://HOST/…`, with the host as the definition spells it.
        case host(String)
        /// `/…`
        case path
    }

    public var form: Form
    public var segments: [String]
    /// Decoded query items in URL order; an item without `=` has the value `""`.
    public var query: [(name: String, value: String)]
    /// The URL as given.
    public var original: String

    public init(form: Form, segments: [String], query: [(name: String, value: String)] = [], original: String) {
        self.form = form
        self.segments = segments
        self.query = query
        self.original = original
    }

    public static func parse(_ url: String, schemes: [String], hosts: [String]) throws(DeepLinkURLError) -> DeepLinkURL {
        // Delimiters are ASCII, so the URL is cut on UTF-8 bytes: a combining mark after `/`
        // must not hide the slash, as it would in a Character-wise split.
        let utf8 = url.utf8
        guard !utf8.isEmpty else { throw .malformed("empty URL") }
        if utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }) { throw .malformed("control character") }
        var end = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        var queryText: Substring = ""
        if let mark = utf8[..<end].firstIndex(of: UInt8(ascii: "?")) {
            queryText = url[utf8.index(after: mark)..<end]
            end = mark
        }
        let (form, pathText) = try split(url[..<end], schemes: schemes, hosts: hosts)
        var path = pathText
        let cut = path.withUTF8 { PercentEncoding.decodeSegments($0) }
        let segments: [String]
        switch cut {
        case .success(let decoded): segments = decoded
        case .failure(let bad): throw .malformed("invalid percent escape in '\(bad.piece)'")
        }
        return DeepLinkURL(form: form, segments: segments, query: try parseQuery(queryText), original: url)
    }

    // MARK: - Parts

    /// Tells the form and returns the path part (for the scheme form, everything after `//`).
    private static func split(_ text: Substring, schemes: [String], hosts: [String]) throws(DeepLinkURLError)
        -> (Form, Substring)
    {
        let utf8 = text.utf8
        if utf8.first == UInt8(ascii: "/") { return (.path, text) }
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), isScheme(utf8[..<colon]) else {
            throw .malformed("expected SCHEME://…, https://HOST/… or /path")
        }
        let scheme = String(text[..<colon])
        let lowered = scheme.lowercased()
        let known = schemes.first { $0.lowercased() == lowered }
        let web = lowered == "https" || lowered == "http"
        let afterColon = text[utf8.index(after: colon)...]
        guard afterColon.utf8.starts(with: "//".utf8) else {
            if known != nil || web { throw .malformed("expected '//' after '\(scheme):'") }
            throw .unknownSchemeOrHost(scheme)
        }
        let body = afterColon[afterColon.utf8.index(afterColon.startIndex, offsetBy: 2)...]
        if let known { return (.scheme(known), body) }
        guard web else { throw .unknownSchemeOrHost(scheme) }
        let end = body.utf8.firstIndex(of: UInt8(ascii: "/")) ?? body.endIndex
        var authority = body[..<end]
        if let portColon = authority.utf8.lastIndex(of: UInt8(ascii: ":")),
            authority.utf8[authority.utf8.index(after: portColon)...].allSatisfy({ (0x30...0x39).contains($0) })
        {
            authority = authority[..<portColon]
        }
        let host = authority.lowercased()
        guard let declared = hosts.first(where: { $0.lowercased() == host }) else {
            throw .unknownSchemeOrHost(String(body[..<end]))
        }
        // Semantics 32: a web link of the app's host is https only.
        guard lowered == "https" else { throw .insecureWebLink(host: declared) }
        return (.host(declared), body[end...])
    }

    private static func parseQuery(_ text: Substring) throws(DeepLinkURLError) -> [(name: String, value: String)] {
        var items: [(name: String, value: String)] = []
        for item in pieces(of: text, separatedBy: UInt8(ascii: "&")) {
            let equals = item.utf8.firstIndex(of: UInt8(ascii: "=")) ?? item.endIndex
            let rawValue = equals == item.endIndex ? "" : item[item.utf8.index(after: equals)...]
            guard let name = PercentEncoding.decode(item[..<equals], plusAsSpace: true),
                let value = PercentEncoding.decode(rawValue, plusAsSpace: true)
            else { throw .malformed("invalid percent escape in query item '\(item)'") }
            items.append((name, value))
        }
        return items
    }

    /// The non-empty pieces of `text` between `separator` bytes.
    private static func pieces(of text: Substring, separatedBy separator: UInt8) -> [Substring] {
        var pieces: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index != utf8.endIndex {
            if utf8[index] == separator {
                if start != index { pieces.append(text[start..<index]) }
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        if start != utf8.endIndex { pieces.append(text[start...]) }
        return pieces
    }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    private static func isScheme(_ bytes: Substring.UTF8View) -> Bool {
        guard let first = bytes.first, isASCIILetter(first) else { return false }
        return bytes.allSatisfy {
            isASCIILetter($0) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: ".")
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}

extension DeepLinkURL: Equatable {
    public static func == (lhs: DeepLinkURL, rhs: DeepLinkURL) -> Bool {
        lhs.form == rhs.form && lhs.segments == rhs.segments && lhs.original == rhs.original
            && lhs.query.elementsEqual(rhs.query) { $0.name == $1.name && $0.value == $1.value }
    }
}
