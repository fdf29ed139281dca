internal import ArgumentParser
internal import NavCommandLine

/// A navctl script (`navctl run FILE`): one command per line, as typed after `navctl`;
/// `#` comments and blank lines; `expect …` lines check the state. Every line is parsed
/// before anything runs, so a typo never leaves the state half-changed.
public struct Script {
    public struct Line {
        /// 1-based.
        public var number: Int
        public var text: String
        public var command: any SessionCommand
    }

    /// A line that does not parse, with its message (argument-parser's, one line).
    public struct SyntaxError: Error, Sendable, Hashable {
        public var line: Int
        public var message: String
    }

    public var lines: [Line]

    /// Parses a script; throws every line that does not parse. `socket` is the run's
    /// `--socket`: a line may repeat it, not change it.
    public enum Parsed {
        case script(Script)
        case errors([SyntaxError])
    }

    public static func parse(_ text: String, socket: String?) -> Parsed {
        var lines: [Line] = []
        var errors: [SyntaxError] = []
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let words: [String]
            switch WordSplitter.split(String(raw)) {
            case .success(let split): words = split
            case .failure(let failure):
                errors.append(SyntaxError(line: number, message: failure.message))
                continue
            }
            if words.isEmpty { continue }
            switch parseCommand(words, socket: socket) {
            case .command(let command): lines.append(Line(number: number, text: String(raw), command: command))
            case .refused(let message): errors.append(SyntaxError(line: number, message: message))
            }
        }
        return errors.isEmpty ? .script(Script(lines: lines)) : .errors(errors)
    }

    /// The words of one line as a command a script (or the shell) may run.
    enum ParsedLine {
        case command(any SessionCommand)
        case refused(String)
    }

    static func parseCommand(_ words: [String], socket: String?) -> ParsedLine {
        let parsed: any ParsableCommand
        do {
            parsed = try Navctl.parse(words)
        } catch {
            if Navctl.exitCode(for: error) == .success { return .refused("'\(words.joined(separator: " "))' asks for help; a script runs commands") }
            return .refused(Navctl.parseErrorMessage(error, arguments: words))
        }
        guard let command = parsed as? any SessionCommand else {
            return .refused("'\(words.joined(separator: " "))' is not a command (expect needs top, stack, tab, error or revision)")
        }
        if command is ShellCommand || command is RunCommand || command is WatchCommand || command is ListenCommand {
            return .refused("\(words[0]) cannot run in a script")
        }
        if let lineSocket = command.common.socket, lineSocket != socket {
            return .refused("--socket cannot change inside a script (give it to navctl run)")
        }
        return .command(command)
    }
}
