/// One problem found in an app definition, with the JSON path of the value it is about
/// (docs/app-definition.md). Printed as `error: $.screens.post.routes[1]: unknown destination 'chatt'`.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    public enum Severity: String, Sendable, Hashable, CustomStringConvertible {
        /// navd refuses to start.
        case error
        /// Printed; start continues.
        case warning

        public var description: String { rawValue }
    }

    public var severity: Severity
    /// JSONPath-like: `$.flows.main.tabs[0]`, `$.screens["my-screen"].path`.
    public var path: String
    public var message: String

    public init(severity: Severity, path: String, message: String) {
        self.severity = severity
        self.path = path
        self.message = message
    }

    public static func error(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(severity: .error, path: path, message: message)
    }

    public static func warning(_ path: String, _ message: String) -> Diagnostic {
        Diagnostic(severity: .warning, path: path, message: message)
    }

    public var isError: Bool { severity == .error }

    public var description: String { "\(severity): \(path): \(message)" }
}

/// Why an app definition could not be loaded: every error found, and the warnings found with
/// them, in the order they were found.
public struct DefinitionError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var errors: [Diagnostic] { diagnostics.filter(\.isError) }
    public var warnings: [Diagnostic] { diagnostics.filter { !$0.isError } }

    /// One diagnostic per line, as `navd check` prints them.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
