public import NavClient
internal import ArgumentParser

/// navctl's error lines on stderr: one line starting `navctl: ` (a usage error adds its
/// command's usage, as argument-parser does).
public enum ErrorText {
    public static func lines(for error: NavctlError, socketPath: String) -> String {
        switch error {
        case .usage(let message, let command):
            guard let command else { return "navctl: \(message)\n" }
            return "navctl: \(message)\n" + Self.usage(of: command)
        case .client(let error):
            return "navctl: \(line(for: error))\n"
        case .failed(let message):
            return "navctl: \(message)\n"
        case .reported:
            return ""
        }
    }

    /// The text after `navctl: ` for a connection or daemon error.
    public static func line(for error: NavClientError) -> String {
        switch error {
        case .unreachable(let path, let reason):
            return "no navd at \(path) (\(reason)); start it with `navd --socket \(path)` (or `make run`),"
                + " or point --socket or NAVD_SOCKET at a running one"
        case .rpc(let error):
            return error.message
        case .disconnected(let why):
            return "lost the connection to navd: \(why)"
        case .timedOut, .protocolViolation:
            return error.description
        }
    }

    /// `Usage: …` and the `--help` hint of a subcommand, as argument-parser prints them.
    static func usage(of command: any ParsableCommand.Type) -> String {
        let path = Navctl.commandPath(of: command)
        return "Usage: \(Navctl.usageString(for: command))\n  See '\(path) --help' for more information.\n"
    }
}
