public import ArgumentParser
internal import NavCommandLine

/// A navctl subcommand: it runs against a `NavctlSession`, so that a one-shot command, a shell
/// line and a script line share one grammar (the same `Navctl.parseAsRoot`) and one
/// implementation.
public protocol SessionCommand: ParsableCommand {
    var common: CommonOptions { get }
    func run(in session: NavctlSession) throws(NavctlError)
}

extension SessionCommand {
    /// Run by argument-parser's own `main` (navctl's `main` calls `NavctlMain.run` instead).
    public func run() throws {
        let status = NavctlMain.execute(self, environment: .standard())
        if status != ExitStatus.ok { throw ExitCode(status) }
    }

    /// The params of a command that failed on a value after parsing: its usage follows the message.
    func usageError(_ message: String) -> NavctlError {
        .usage(message, command: Self.self)
    }
}
