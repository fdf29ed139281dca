public import ArgumentParser
public import NavClient
internal import NavCommandLine

/// Why a navctl command did not succeed, and so its exit status (NavCommandLine's `ExitStatus`:
/// 0 ok, 1 navd answered an error, 2 usage, 3 no navd reachable) and stderr line.
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
