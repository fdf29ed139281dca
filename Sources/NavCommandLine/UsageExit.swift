public import ArgumentParser
internal import Glibc
internal import NavSystem

extension ParsableCommand {
    /// argument-parser's `main()`, with every navd program's exit statuses: a usage error
    /// exits 2 (argument-parser's own is 64) and is printed as `PROGRAM: message` with the usage;
    /// a first word near a subcommand is answered `unknown command 'chek' — did you mean
    /// 'check'?`. Help, `--version` and completion scripts exit 0 as before.
    public static func mainExitingTwoOnUsage(_ arguments: [String]? = nil) -> Never {
        let arguments = arguments ?? Array(CommandLine.arguments.dropFirst())
        let program = configuration.commandName ?? "navd"
        let commands = configuration.subcommands.compactMap { $0.configuration.commandName }
        if !commands.isEmpty,
            let unknown = UnknownCommand.find(
                in: arguments, commands: commands + ["help"], program: program,
                allowsOthers: configuration.defaultSubcommand != nil)
        {
            writeError("\(program): \(unknown)\n")
            Glibc.exit(ExitStatus.usage)
        }
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
            Glibc.exit(ExitStatus.ok)
        } catch {
            let code = exitCode(for: error)
            guard code == .validationFailure else { exit(withError: error) }
            writeError(usageText(for: error, program: program, arguments: arguments))
            Glibc.exit(ExitStatus.usage)
        }
    }

    /// argument-parser's message for a usage error, `PROGRAM: ` in place of its `Error: `, and
    /// how to write a negative value that `arguments` gave an option (`negativeValueHint`).
    public static func usageText(for error: any Error, program: String, arguments: [String]) -> String {
        var text = fullMessage(for: error)
        if text.hasPrefix("Error: ") {
            let firstLine = text.firstIndex(of: "\n") ?? text.endIndex
            let message = String(text[text.index(text.startIndex, offsetBy: "Error: ".count)..<firstLine])
            text = "\(program): " + usageMessage(message, arguments: arguments) + text[firstLine...]
        }
        return text.hasSuffix("\n") ? text : text + "\n"
    }

    /// argument-parser's message for a usage error, without the usage (a script's line).
    public static func usageMessage(for error: any Error, arguments: [String]) -> String {
        usageMessage(message(for: error), arguments: arguments)
    }

    private static func usageMessage(_ message: String, arguments: [String]) -> String {
        lowercasingFirstWord(message[...]) + (negativeValueHint(message, arguments: arguments) ?? "")
    }
}

/// argument-parser reads a word that starts with `-` as an option, so `--since -5` is `--since`
/// without its value: for that error, the form that passes the value (`--since=-5`).
private func negativeValueHint(_ message: String, arguments: [String]) -> String? {
    guard message.hasPrefix("Missing value for '"), let option = message.dropFirst("Missing value for '".count).split(separator: " ").first,
        let at = arguments.firstIndex(of: String(option)), at + 1 < arguments.count
    else { return nil }
    let value = arguments[at + 1]
    guard value.count > 1, value.hasPrefix("-"), Double(value) != nil else { return nil }
    return " (a value that starts with '-' reads as an option: write \(option)=\(value))"
}

/// argument-parser's messages start with a capital (`Unknown option '-1'`); every other message
/// of navd's programs starts lowercase, after the program's name, as git's and tmux's do. A
/// first word in capitals (`TERM`) stays as it is.
private func lowercasingFirstWord(_ text: Substring) -> String {
    guard let first = text.first, first.isUppercase, let second = text.dropFirst().first, second.isLowercase else {
        return String(text)
    }
    return first.lowercased() + text.dropFirst()
}

/// Writes to standard error, unbuffered.
private func writeError(_ text: String) {
    try? writeAll(STDERR_FILENO, text)
}
