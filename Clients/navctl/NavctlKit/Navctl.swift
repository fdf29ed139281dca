public import ArgumentParser
internal import NavCommandLine

/// `navctl`: the scripting client of navd (docs/README.md). One subcommand per navigation
/// verb, the state and its changes, a shell and scripts — all one grammar.
public struct Navctl: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "navctl",
        abstract: "Drives and inspects navd: navigation verbs, the state, its changes, a shell and scripts.",
        discussion: """
            Every command talks to navd at --socket (else $NAVD_SOCKET, else \
            $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-$UID/navd.sock) and prints text; \
            --json prints navd's result as one JSON line. Both may come before the subcommand too.

            Exit status: 0 ok, 1 navd answered an error (or an expectation failed), 2 usage, \
            3 no navd reachable.

            Shell completion: source the output of `navctl --generate-completion-script bash` \
            (or zsh, fish); destinations complete from the running navd.
            """,
        version: NavVersion.line("navctl"),
        groupedSubcommands: [
            CommandGroup(
                name: "Navigation",
                subcommands: [
                    RouteCommand.self, CloseCommand.self, PopToCommand.self, PopToRootCommand.self,
                    DismissAllCommand.self, TabCommand.self, FinishCommand.self, ApplyCommand.self,
                    DeepLinkCommand.self,
                ]),
            CommandGroup(name: "Routing events", subcommands: [EmitCommand.self, ListenCommand.self]),
            CommandGroup(
                name: "Inspection",
                subcommands: [
                    StateCommand.self, WatchCommand.self, URLCommand.self, RoutesCommand.self,
                    ResolveCommand.self, InfoCommand.self, CallCommand.self, GraphCommand.self,
                ]),
            CommandGroup(name: "History", subcommands: [HistoryCommand.self, GotoCommand.self, ResetCommand.self]),
            CommandGroup(name: "Session", subcommands: [SessionFlagsCommand.self]),
            CommandGroup(name: "Shell and scripts", subcommands: [ShellCommand.self, RunCommand.self, ExpectCommand.self, CoverageCommand.self]),
        ]
    )

    public init() {}

    /// The names a shell line may start with.
    public static var subcommandNames: [String] {
        configuration.subcommands.compactMap { $0.configuration.commandName }
    }

    /// `navctl expect top` for `ExpectTopCommand`: the words that reach a subcommand.
    public static func commandPath(of command: any ParsableCommand.Type) -> String {
        func search(_ parent: any ParsableCommand.Type, _ path: [String]) -> [String]? {
            let name = parent.configuration.commandName ?? "navctl"
            let here = path + [name]
            if parent == command { return here }
            for child in parent.configuration.subcommands {
                if let found = search(child, here) { return found }
            }
            return nil
        }
        return (search(Navctl.self, []) ?? ["navctl"]).joined(separator: " ")
    }
}
