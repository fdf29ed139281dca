internal import ArgumentParser
internal import NavCommandLine

/// `navctl run FILE`: a script of commands and expectations.
struct RunCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs a script of navctl commands and expectations, one per line.",
        discussion: """
            Each line is a command as typed after `navctl`; `#` starts a comment. Expectations: \
            `expect top SCREEN [name=value …]`, `expect stack [FLOW] A > B > C`, \
            `expect tab NAME`, `expect revision N`, and `expect error REASON` (the next \
            command must fail with that data.reason). The run stops at the first failure \
            (FILE:LINE: expected …, got …; exit 1) unless --keep-going, and ends with \
            `N passed, M failed`.
            """)

    @Argument(help: ArgumentHelp("The script, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Flag(help: "Go on after a failure and report them all.")
    var keepGoing = false

    @Flag(name: [.short, .long], help: "Print only failures and the summary, not the commands' output.")
    var quiet = false

    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        guard session.mode != .script else { throw usageError("run cannot run inside a script") }
        let text = try session.environment.readFile(file).get()
        let name = file == "-" ? "<stdin>" : file
        let script: Script
        switch Script.parse(text, socket: common.socket ?? session.socketOption) {
        case .script(let parsed):
            script = parsed
        case .errors(let errors):
            for error in errors { session.environment.stderr.write("\(name):\(error.line): \(error.message)\n") }
            throw .reported(ExitStatus.usage)
        }
        // Inside the shell, a script talks to the shell's navd unless it names another.
        let socket = common.socket ?? session.socketOption
        let scriptSession = Session(
            environment: session.environment, mode: .script, socket: socket, clientName: "navctl-run", json: common.json || session.json)
        scriptSession.quiet = quiet
        defer { scriptSession.disconnect() }
        var passed = 0
        var failed = 0
        func summary() {
            session.environment.stdout.write("\(passed) passed, \(failed) failed\n")
        }
        let stepper = CommandStepper(session: scriptSession)
        var outcomes: [CommandStepper.Outcome] = []
        for line in script.lines {
            do {
                outcomes = [try stepper.step(line.command, line: line.number)]
            } catch {
                summary()
                throw error
            }
            if line.number == script.lines.last?.number { outcomes.append(stepper.finish()) }
            for outcome in outcomes {
                switch outcome {
                case .ran: break
                case .passed: passed += 1
                case .failed(let number, let message):
                    failed += 1
                    session.environment.stderr.write("\(name):\(number): \(message)\n")
                case .error(let number, let error):
                    failed += 1
                    session.environment.stderr.write("\(name):\(number): expected success, got \(CommandStepper.describe(error))\n")
                }
            }
            if failed > 0 && !keepGoing { break }
        }
        summary()
        if failed > 0 { throw .reported(ExitStatus.failure) }
    }
}
