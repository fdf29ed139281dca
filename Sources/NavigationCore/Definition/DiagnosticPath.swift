import NavJSON
/// Builds the JSONPath-like paths of diagnostics: `$.screens.post.routes[1]`. A key that is not
/// a plain identifier is quoted: `$.screens["my-screen"]`.
struct DiagnosticPath: Sendable, Hashable, CustomStringConvertible {
    private(set) var description: String

    static let root = DiagnosticPath(description: "$")

    func key(_ name: String) -> DiagnosticPath {
        if Self.isPlainIdentifier(name) {
            return DiagnosticPath(description: description + "." + name)
        }
        var quoted: [UInt8] = []
        JSONWriter.writeString(name, into: &quoted)
        return DiagnosticPath(description: description + "[" + String(decoding: quoted, as: UTF8.self) + "]")
    }

    func index(_ index: Int) -> DiagnosticPath {
        DiagnosticPath(description: description + "[\(index)]")
    }

    /// ASCII letter or `_`, then letters, digits or `_`.
    static func isPlainIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
    }
}

extension DiagnosticPath {
    /// The path of a parser error's steps, from the document down.
    init(_ steps: [JSONParser.Error.Step]) {
        var path = DiagnosticPath.root
        for step in steps {
            switch step {
            case .key(let key): path = path.key(key)
            case .index(let index): path = path.index(index)
            }
        }
        self = path
    }
}
