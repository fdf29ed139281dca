public import ArgumentParser
public import NavClient

/// Why a navctl command did not succeed, and so its exit status and stderr line.
public enum NavctlError: Error {
    /// The command line (or a value in it) is wrong: exit 2, with the command's usage.
    case usage(String, command: (any ParsableCommand.Type)? = nil)
    /// The connection or the daemon: navd's error exits 1; no daemon, or a lost one, 3.
    case client(NavClientError)
    /// Something else went wrong (an expectation failed): exit 1.
    case failed(String)
    /// Already reported (a script's failures and summary): just the exit status.
    case reported(Int32)

    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitStatus.usage
        case .client(.unreachable), .client(.disconnected): return ExitStatus.unreachable
        case .client: return ExitStatus.failure
        case .failed: return ExitStatus.failure
        case .reported(let code): return code
        }
    }
}

/// navctl's exit statuses (docs/README.md).
public enum ExitStatus {
    public static let ok: Int32 = 0
    /// navd answered an error, or an expectation failed.
    public static let failure: Int32 = 1
    /// A usage error.
    public static let usage: Int32 = 2
    /// No navd reachable (or it went away).
    public static let unreachable: Int32 = 3
}
