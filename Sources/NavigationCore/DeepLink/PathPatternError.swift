/// Why a deep-link pattern (a screen's `path`) cannot be read.
public struct PathPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public var pattern: String
    /// What is wrong, for a person: `"an optional group must start with '/'"`.
    public var message: String

    public init(pattern: String, message: String) {
        self.pattern = pattern
        self.message = message
    }

    public var description: String { "invalid path '\(pattern)': \(message)" }
}
