/// The exit statuses every navd program shares (`navd`, `navctl`, `navview`, `navbench`).
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// It failed: navd answered an error, an expectation failed, a file was invalid.
    public static let failure: Int32 = 1
    /// A usage error: an unknown option or command, a missing or malformed argument.
    public static let usage: Int32 = 2
    /// No navd reachable (or it went away), for the clients.
    public static let unreachable: Int32 = 3
}
