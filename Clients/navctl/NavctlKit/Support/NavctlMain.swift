public import ArgumentParser
internal import NavCommandLine

/// navctl's entry point: parses with argument-parser, runs the command against a session,
/// and turns every outcome into output and an exit status (0, 1, 2, 3; docs/README.md).
public enum NavctlMain {
    /// Runs one navctl command line (the arguments after the program name).
    public static func run(_ arguments: [String], environment: NavctlEnvironment) -> Int32 {
        let command: any ParsableCommand
        do {
            command = try Navctl.parse(arguments)
        } catch {
            return reportParseOutcome(error, arguments: arguments, environment: environment)
        }
        return execute(command, environment: environment)
    }

    /// Runs a parsed command: a navctl subcommand in a one-shot session, or one of
    /// argument-parser's own (help) directly.
    public static func execute(_ parsed: any ParsableCommand, environment: NavctlEnvironment) -> Int32 {
        guard let command = parsed as? any SessionCommand else {
            var builtIn = parsed
            do {
                try builtIn.run()
                return ExitStatus.ok
            } catch {
                return reportParseOutcome(error, arguments: [], environment: environment)
            }
        }
        let session = NavctlSession(environment: environment, mode: .oneShot, socket: command.common.socket, clientName: "navctl")
        defer { session.disconnect() }
        do {
            try command.run(in: session)
            return ExitStatus.ok
        } catch {
            session.report(error)
            return error.exitCode
        }
    }

    /// The bash completion script registered with `-o nosort` (bash 4.4 and later; an older
    /// bash registers it as before): bash sorted the candidates navctl orders, so `navctl route
    /// <Tab>` listed every destination alphabetically, not those the top screen may open first.
    /// zsh's script asks for no sorting already (`_describe -V`), fish's keeps the order (`-k`).
    static func keepingCandidateOrder(_ text: String) -> String {
        let registration = "complete -o filenames -F _navctl navctl"
        guard text.contains(registration) else { return text }
        return text.replacing(
            registration, with: "complete -o filenames -o nosort -F _navctl navctl 2>/dev/null || \(registration)")
    }

    /// What argument-parser threw while parsing: help, version and completion scripts go to
    /// stdout (exit 0); usage errors to stderr as `navctl: …` with the usage (exit 2).
    /// `arguments` are the words parsed.
    static func reportParseOutcome(_ error: any Error, arguments: [String], environment: NavctlEnvironment) -> Int32 {
        if let unknown = error as? UnknownCommand {
            environment.stderr.write("navctl: \(unknown)\n")
            return ExitStatus.usage
        }
        if let usage = error as? NavctlError {
            environment.stderr.write(ErrorText.lines(for: usage, socketPath: ""))
            return usage.exitCode
        }
        if Navctl.exitCode(for: error) == .success {
            let text = keepingCandidateOrder(Navctl.fullMessage(for: error))
            if !text.isEmpty { environment.stdout.write(text + "\n") }
            return ExitStatus.ok
        }
        environment.stderr.write(Navctl.usageText(for: error, program: "navctl", arguments: arguments))
        return ExitStatus.usage
    }
}
