import ArgumentParser
@testable import NavctlKit
import Testing

/// Help text is part of the interface: tested as exact strings, and every subcommand's
/// abstract is one sentence ending in a period.
@Suite("Help text")
struct HelpTextTests {
    static func allCommands(_ root: any ParsableCommand.Type = Navctl.self) -> [any ParsableCommand.Type] {
        root.configuration.subcommands.flatMap { [$0] + allCommands($0) }
    }

    @Test func everyAbstractIsOneSentence() {
        let commands = Self.allCommands()
        #expect(commands.count == 38)  // graph, coverage, coverage combine, coverage report: 4 of them
        for command in commands {
            let abstract = command.configuration.abstract
            #expect(abstract.hasSuffix("."), "\(Navctl.commandPath(of: command))")
            #expect(!abstract.dropLast().contains(". "), "\(Navctl.commandPath(of: command)): \(abstract)")
            #expect(abstract.first?.isUppercase == true, "\(Navctl.commandPath(of: command))")
        }
    }

    @Test func commandPaths() {
        #expect(Navctl.commandPath(of: ExpectTopCommand.self) == "navctl expect top")
        #expect(Navctl.commandPath(of: RouteCommand.self) == "navctl route")
        #expect(Navctl.commandPath(of: Navctl.self) == "navctl")
    }

    @Test func route() {
        #expect(Navctl.helpMessage(for: RouteCommand.self, columns: 100) == """
            OVERVIEW: Opens a screen or starts a flow from the top screen.

            Params are name=value words typed by the app definition: in `navctl route profile userId=42`,
            userId is sent as an int because profile declares it so. The top screen's routes must allow the
            destination.

            USAGE: navctl route <destination> [<name=value> ...] [--transition <name>] [--from <id>] [--single-top] [--pop-to <id|name>] [--inclusive] [--expect-revision <n>] [--socket <path>] [--json]

            ARGUMENTS:
              <destination>           The screen or flow to open.
              <name=value>            The destination's params.

            OPTIONS:
              --transition <name>     push, modal, modalWithNavigation or a custom transition (default: the
                                      route's, else the destination's).
              --from <id>             Refuse (conflict) unless this screen instance is still the top.
              --single-top            Open nothing when the top is already this screen with these params.
              --pop-to <id|name>      First pop the top stack down to this screen (an instance id or a name).
              --inclusive             With --pop-to, pop that screen too.
              --expect-revision <n>   Refuse (conflict) unless the state is still at this revision.
              --socket <path>         navd's socket (default: $NAVD_SOCKET, else
                                      $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-$UID/navd.sock).
              --json                  Print navd's result as one JSON line instead of text.
              --version               Show the version.
              -h, --help              Show help information.

            """)
    }

    @Test func expectGroup() {
        #expect(Navctl.helpMessage(for: ExpectCommand.self, columns: 100) == """
            OVERVIEW: Checks the top screen, a stack, the tab, the revision, the session or the next command's
            error.

            A failed expectation prints `expected …, got …` and exits 1 (in a script: FILE:LINE: …).

            USAGE: navctl expect <subcommand>

            OPTIONS:
              --version               Show the version.
              -h, --help              Show help information.

            SUBCOMMANDS:
              top                     Checks the top screen and, if given, its params.
              stack                   Checks the visible stack, or a flow's, bottom first: A > B > C.
              tab                     Checks the selected tab of the nearest tabs flow.
              error                   Expects the next command to fail with this data.reason (in a script or
                                      the shell).
              revision                Checks the revision.
              pending                 Checks the request a guard holds: none, or its method (nav.route,
                                      nav.deeplink, …).
              flag                    Checks a session flag.

              See 'navctl help expect <subcommand>' for detailed help.
            """)
    }

    @Test func theRootNamesExitStatusesAndCompletion() {
        let help = Navctl.helpMessage(columns: 200)
        #expect(help.contains("Exit status: 0 ok, 1 navd answered an error (or an expectation failed), 2 usage, 3 no navd reachable."))
        #expect(help.contains("Shell completion: source the output of `navctl --generate-completion-script bash` (or zsh, fish)"))
        #expect(help.contains("NAVIGATION SUBCOMMANDS:\n  route                   Opens a screen or starts a flow from the top screen.\n"))
    }

    /// The bug: `navctl listen --help` said each printed line gives "its request id", but the
    /// line is the event, its payload and the decision. The help's example is the real line.
    @Test func listenDescribesTheLineItPrints() {
        let help = Navctl.helpMessage(for: ListenCommand.self, columns: 100).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let line = ListenCommand.line(event: "postTapped", payload: ["postId": 5], note: "not mine")
        #expect(line == #"postTapped {"postId":5}: not mine"#)
        #expect(help.contains("One line per event is printed: the event, its payload and what CMD decided (\(line))."))
        #expect(!help.contains("request id"))
    }
}
