internal import ArgumentParser

/// `navctl shell`: the interactive shell.
struct ShellCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "Reads commands interactively, with line editing, history and Tab completion.",
        discussion: """
            Each line is a command as typed after `navctl` (quotes work as in sh); `exit`, \
            `quit` or Ctrl-D leaves. The prompt shows the app, the revision and the top screen \
            (social r7 post>). Tab completes commands, destinations, params, tabs and screens. \
            History is kept in $XDG_STATE_HOME/navctl/history (else ~/.local/state/navctl/history).
            """)

    @Flag(help: "Keep no history file.")
    var noHistory = false

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        guard session.mode == .oneShot else { throw usageError("already in the shell") }
        let environment = session.environment
        let shellSession = NavctlSession(
            environment: environment, mode: .shell, socket: common.socket, clientName: "navctl-shell", json: common.json)
        defer { shellSession.disconnect() }
        _ = try shellSession.connected()
        let completer = Completer(definition: try? shellSession.definition())
        let reader = environment.makeLineReader(completer, noHistory ? nil : environment.historyPath)
        Shell(session: shellSession, reader: reader, completer: completer).run()
    }
}
