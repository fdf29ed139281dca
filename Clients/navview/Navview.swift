import ArgumentParser
internal import NavCommandLine
internal import Glibc
internal import NavviewKit

/// `navview`: the live terminal viewer of navd's navigation state (docs/README.md).
@main
struct Navview: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navview",
        abstract: "Shows navd's navigation state live in the terminal, for as many viewers as you open.",
        discussion: """
            Full screen: the coordinator tree (tabs, stacks bottom to top, presented and embedded \
            flows, the top screen highlighted), the recent events, and a status line. Keys: q quits, \
            arrows and PgUp/PgDn scroll, b closes the top screen, t selects the next tab, \
            : calls a method (a JSON-RPC method and its params as a JSON object, e.g. \
            nav.route {"to":"post","params":{"postId":5}}; not navctl's grammar), ? shows all keys. \
            When navd goes away navview says "disconnected — retrying" and reconnects.

            With --plain, or when stdout is not a terminal, navview prints the tree as text after \
            each change, under a line such as "--- revision 7 (nav.route by navctl (c3)) ---"; so does \
            a terminal that cannot take the full screen (TERM unset, dumb, or unknown to terminfo), \
            after a one-line note on stderr. NO_COLOR (set and not empty) turns colour off; a locale \
            that is not UTF-8 gets ASCII drawing characters.
            """,
        version: NavVersion.line("navview"))

    /// argument-parser's main, but a usage error exits 2 as in every navd program.
    static func main() { mainExitingTwoOnUsage() }

    @Option(help: "navd's socket (default: $NAVD_SOCKET, else $XDG_RUNTIME_DIR/navd/navd.sock, else /tmp/navd-$UID/navd.sock).")
    var socket: String?

    @Flag(help: "Print a text rendering after each change instead of drawing the screen.")
    var plain = false

    @Flag(help: "Print the current state once as text and exit (3 when no navd answers).")
    var once = false

    @Flag(help: "Draw with ASCII characters only (the default when the locale is not UTF-8).")
    var ascii = false

    mutating func run() throws {
        setlocale(LC_ALL, "")
        let presentation = Presentation.choose(
            plain: plain, once: once, ascii: ascii, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            term: environment("TERM"), noColor: environment("NO_COLOR"), localeIsUTF8: Terminal.localeIsUTF8())
        if let note = presentation.note { printError(note) }
        let glyphs = presentation.glyphs
        switch presentation.mode {
        case .once:
            throw ExitCode(PlainViewer(socketPath: socket, glyphs: glyphs).once())
        case .plain:
            PlainViewer(socketPath: socket, glyphs: glyphs).run()
        case .fullScreen:
            do {
                try TerminalViewer(socketPath: socket, glyphs: glyphs, colours: presentation.colours).run()
            } catch {
                // ncurses does not know $TERM: nothing was drawn, text still works.
                printError(error.message)
                PlainViewer(socketPath: socket, glyphs: glyphs).run()
            }
        }
    }

    private func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
