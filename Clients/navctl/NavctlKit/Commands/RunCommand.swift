internal import ArgumentParser
internal import NavClient
internal import NavCommandLine
internal import NavGraph
internal import NavProtocol

/// `navctl run FILE…`: scripts of commands and expectations, run in order; with `--coverage`,
/// what they reached of the app definition recorded into a file (docs/graph.md).
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
            `N passed, M failed`. Several scripts run one after the other.
            """)

    @Argument(help: ArgumentHelp("The script, or - for standard input.", valueName: "file"), completion: .file())
    var files: [String]

    @Option(
        help: ArgumentHelp(
            "Record what the scripts reach of the app definition into this coverage file (see navctl coverage).",
            valueName: "file"),
        completion: .file())
    var coverage: String?

    @Flag(help: "Go on after a failure and report them all.")
    var keepGoing = false

    @Flag(name: [.short, .long], help: "Print only failures and the summary, not the commands' output.")
    var quiet = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give a script to run") }
        if files.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be read once") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        guard session.mode != .script else { throw usageError("run cannot run inside a script") }
        // Every script parses before anything runs.
        var scripts: [(name: String, script: Script)] = []
        var syntaxErrors = false
        for file in files {
            let text = try session.environment.readFile(file).get()
            let name = file == "-" ? "<stdin>" : file
            switch Script.parse(text, socket: common.socket ?? session.socketOption) {
            case .script(let parsed):
                scripts.append((name, parsed))
            case .errors(let errors):
                for error in errors { session.environment.stderr.write("\(name):\(error.line): \(error.message)\n") }
                syntaxErrors = true
            }
        }
        if syntaxErrors { throw .reported(ExitStatus.usage) }
        // Inside the shell, a script talks to the shell's navd unless it names another.
        let socket = common.socket ?? session.socketOption
        var environment = session.environment
        let recording = CoverageRecording()
        if coverage != nil {
            let connect = environment.connect
            environment.connect = { path, name throws(NavClientError) in
                RecordingConnection(try connect(path, name), recording: recording)
            }
        }
        let scriptSession = NavctlSession(
            environment: environment, mode: .script, socket: socket, clientName: "navctl-run", json: common.json || session.json)
        scriptSession.quiet = quiet
        defer { scriptSession.disconnect() }
        if coverage != nil {
            let definition = try scriptSession.definition()
            recording.recorder = CoverageRecorder(definition: definition, source: definition.source)
        }
        var passed = 0
        var failed = 0
        func finish() throws(NavctlError) {
            session.environment.stdout.write("\(passed) passed, \(failed) failed\n")
            if let coverage, let file = recording.recorder?.file { try CoverageFiles.write(file, to: coverage) }
        }
        scripts: for (name, script) in scripts {
            if recording.recorder != nil {
                let state = try scriptSession.using { connection throws(NavClientError) in try connection.call(.navState) }
                recording.recorder?.start(state: state)
            }
            let stepper = CommandStepper(session: scriptSession)
            var outcomes: [CommandStepper.Outcome] = []
            for line in script.lines {
                do {
                    outcomes = [try stepper.step(line.command, line: line.number)]
                } catch {
                    try finish()
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
                if failed > 0 && !keepGoing { break scripts }
            }
        }
        try finish()
        if failed > 0 { throw .reported(ExitStatus.failure) }
    }
}
