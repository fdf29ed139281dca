/// The lexical rules of names, URL schemes and web hosts (Protocol/semantics.md, "App
/// definitions"). A name ends up in JSON paths, log lines, file names (one state database per
/// app) and terminal screens, so it is an identifier, not any string.
extension DefinitionDecoder {
    /// The longest name: 128 bytes.
    static let maxNameLength = 128

    /// `[A-Za-z_][A-Za-z0-9_.-]{0,127}`.
    static func isName(_ name: String) -> Bool {
        let utf8 = name.utf8
        guard let first = utf8.first, utf8.count <= maxNameLength, isLetter(first) else { return false }
        return utf8.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") }
    }

    /// Reports a name (`kind` is "screen", "flow", "param"…) that is not an identifier.
    /// Screen and flow names may not be `*` either, which means any destination in `routes`.
    mutating func checkName(_ name: String, kind: String, at path: DiagnosticPath) {
        if name == "*" && (kind == "screen" || kind == "flow") {
            error(path, "'*' cannot be a name (in routes it means any destination)")
        } else if name.isEmpty {
            error(path, "\(kind == "app" ? "an" : "a") \(kind) name must not be empty")
        } else if !Self.isName(name) {
            error(path, "invalid \(kind) name \(quoted(name)): \(Self.nameRule)")
        }
    }

    static let nameRule = "a name is a letter or '_', then up to 127 letters, digits, '_', '.' or '-'"

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`, compared case-insensitively; at most
    /// 128 bytes; not `http` or `https`, whose links are web links (`hosts`); given once.
    mutating func checkSchemes(_ schemes: [String], at path: DiagnosticPath) {
        var seen: Set<String> = []
        for (i, scheme) in schemes.enumerated() {
            let schemePath = path.index(i)
            let utf8 = scheme.utf8
            let valid = utf8.count <= Self.maxNameLength && utf8.first.map(Self.isASCIILetter) == true
                && utf8.allSatisfy { Self.isASCIILetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "+")
                    || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
            let lowered = scheme.lowercased()
            if !valid {
                error(schemePath, "invalid scheme \(quoted(scheme)): a scheme is a letter, then letters, digits, '+', '-' or '.' (RFC 3986), at most 128")
            } else if lowered == "http" || lowered == "https" {
                error(schemePath, "'\(scheme)' cannot be a scheme: web links are https://HOST/… with a host from 'hosts'")
            } else if !seen.insert(lowered).inserted {
                error(schemePath, "duplicate scheme '\(scheme)' (schemes are case-insensitive)")
            }
        }
    }

    /// A DNS host name (RFC 1123): dot-separated labels of letters, digits and '-', each 1–63
    /// bytes and not starting or ending with '-', at most 253 bytes in all; case-insensitive;
    /// given once.
    mutating func checkHosts(_ hosts: [String], at path: DiagnosticPath) {
        var seen: Set<String> = []
        for (i, host) in hosts.enumerated() {
            let hostPath = path.index(i)
            if !Self.isHostName(host) {
                error(hostPath, "invalid host \(quoted(host)): a host is a DNS name such as 'example.com' (labels of letters, digits and '-', no scheme, port or path)")
            } else if !seen.insert(host.lowercased()).inserted {
                error(hostPath, "duplicate host '\(host)' (hosts are case-insensitive)")
            }
        }
    }

    static func isHostName(_ host: String) -> Bool {
        let utf8 = Array(host.utf8)
        guard !utf8.isEmpty, utf8.count <= 253 else { return false }
        for label in utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard let first = label.first, let last = label.last, label.count <= 63,
                first != UInt8(ascii: "-"), last != UInt8(ascii: "-"),
                label.allSatisfy({ isASCIILetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") })
            else { return false }
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        isASCIILetter(byte) || byte == UInt8(ascii: "_")
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}
