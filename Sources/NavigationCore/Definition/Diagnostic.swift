import NavJSON
/// One problem found in an app definition, with the JSON path of the value it is about
/// (docs/app-definition.md). Printed as `error: $.screens.post.routes[1]: unknown destination 'chatt'`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, CustomStringConvertible {
        /// navd refuses to start.
        case error
        /// Printed; start continues.
        case warning
        /// Worth knowing, perhaps meant (a screen only a deep link reaches).
        case note

        public var description: String { rawValue }
    }

    public var severity: Severity
    /// JSONPath-like: `$.flows.main.tabs[0]`, `$.screens["my-screen"].path`.
    public var path: String
    public var message: String
    /// The byte in the definition's text the problem is at, for problems of the text rather
    /// than of a value: JSON syntax errors and repeated keys. `navd check` shows it as a line
    /// and column (`DiagnosticLocation`).
    public var offset: Int?

    public init(severity: Severity, path: String, message: String, offset: Int? = nil) {
        self.severity = severity
        self.path = path
        self.message = message
        self.offset = offset
    }

    public static func error(_ path: String, _ message: String, offset: Int? = nil) -> Diagnostic {
        Diagnostic(severity: .error, path: path, message: message, offset: offset)
    }

    public static func warning(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(severity: .warning, path: path, message: message)
    }

    public static func note(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(severity: .note, path: path, message: message)
    }

    public var isError: Bool { severity == .error }

    public var description: String {
        "\(severity): \(path): \(message)" + (offset.map { " (byte \($0))" } ?? "")
    }
}

/// A name or value as a message shows it: in single quotes, control characters escaped as
/// JSON escapes them, cut to its first 40 characters (a 100,000-character name is reported,
/// not repeated).
func quoted(_ text: String) -> String {
    let limit = 40
    var shown = ""
    var count = 0
    for character in text {
        if count == limit {
            shown += "…"
            break
        }
        if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            var escaped: [UInt8] = []
            JSONWriter.writeString(String(character), into: &escaped)
            shown += String(decoding: escaped.dropFirst().dropLast(), as: UTF8.self)
        } else {
            shown.append(character)
        }
        count += 1
    }
    return "'" + shown + "'"
}

/// Why an app definition could not be loaded: every error found, and the warnings found with
/// them, in the order they were found.
public struct DefinitionError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter(\.isError) }
    /// The warnings and notes.
    public var warnings: [Diagnostic] { diagnostics.filter { !$0.isError } }

    /// One diagnostic per line, as `navd check` prints them.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
