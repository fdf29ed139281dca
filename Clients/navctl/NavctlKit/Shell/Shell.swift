internal import ArgumentParser
internal import NavClient

/// The interactive loop of `navctl shell`: each line is split into words (quotes as in sh)
/// and parsed by `Navctl.parse`, exactly as a one-shot command line; it runs on the
/// shell's one connection. Errors are printed and the shell goes on; `exit`, `quit` or
/// Ctrl-D end it.
public final class Shell {
    let session: NavctlSession
    let reader: any LineReader
    let completer: Completer
    let stepper: CommandStepper

    public init(session: NavctlSession, reader: any LineReader, completer: Completer) {
        self.session = session
        self.reader = reader
        self.completer = completer
        self.stepper = CommandStepper(session: session)
    }

    /// Reads and runs lines until the end.
    public func run() {
        while true {
            let prompt = reader.isInteractive ? currentPrompt() : ""
            guard let line = reader.readLine(prompt: prompt) else {
                if reader.isInteractive { session.environment.stdout.write("\n") }
                return
            }
            if line.allSatisfy(\.isWhitespace) { continue }
            reader.remember(line)
            if !handle(line) { return }
        }
    }

    /// Runs one line; false when it asks to leave.
    public func handle(_ line: String) -> Bool {
        let words: [String]
        switch WordSplitter.split(line) {
        case .success(let split): words = split
        case .failure(let failure):
            session.report(.usage(failure.message))
            return true
        }
        if words.isEmpty { return true }
        if words == ["exit"] || words == ["quit"] { return false }
        let parsed: any ParsableCommand
        do {
            parsed = try Navctl.parse(words, alsoKnown: ["exit", "quit"])
        } catch {
            _ = NavctlMain.reportParseOutcome(error, arguments: words, environment: session.environment)
            return true
        }
        guard let command = parsed as? any SessionCommand else {
            _ = NavctlMain.execute(parsed, environment: session.environment)
            return true
        }
        if command is ShellCommand {
            session.report(.usage("already in the shell"))
            return true
        }
        if let socket = command.common.socket, socket != session.socketOption {
            session.report(.usage("--socket cannot change inside the shell (give it to navctl shell)"))
            return true
        }
        do {
            switch try stepper.step(command, line: 0) {
            case .ran: break
            case .passed(let what): session.print("ok: \(what)")
            case .failed(_, let message): session.report(.failed(message))
            case .error(_, let error): session.report(error)
            }
        } catch {
            session.report(error)
        }
        return true
    }

    /// `social r7 post> `; asks navd each time, so changes made elsewhere show.
    func currentPrompt() -> String {
        do {
            let definition = try session.definition()
            completer.definition = definition
            let state = try session.state()
            completer.top = state.topScreen?.screen
            return Prompt.text(app: definition.app, state: state)
        } catch {
            return Prompt.text(app: completer.definition?.app, state: nil)
        }
    }
}
