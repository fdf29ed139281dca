import ArgumentParser
import Glibc
import NavCommandLine
import NavSystem

/// `navd`: the navigation-state server (docs/README.md).
@main
struct Navd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navd",
        abstract: "Serves one navigation state to many clients over JSON-RPC on a Unix socket.",
        version: NavVersion.line("navd"),
        subcommands: [ServeCommand.self, CheckCommand.self, SampleCommand.self, DefinitionGraphCommand.self],
        defaultSubcommand: ServeCommand.self
    )

    /// argument-parser's main, but a usage error exits 2 as in every navd program, and
    /// `navd --help` lists the options of `navd serve` too.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if [["--help"], ["-h"], ["help"]].contains(arguments) {
            print(helpWithServeOptions(), terminator: "")
            Glibc.exit(ExitStatus.ok)
        }
        // A deep tree recurses once per level wherever it is read or written (DeepStack).
        DeepStack.run { Navd.mainExitingTwoOnUsage() }
    }

    /// The root's help with the options of `serve`, the subcommand `navd` alone runs: they
    /// were only under `navd serve --help`, where a newcomer reading `navd --help` for
    /// `--state-dir` or `--ephemeral` did not look.
    static func helpWithServeOptions(columns: Int? = nil) -> String {
        let root = helpMessage(columns: columns)
        let serve = ServeCommand.helpMessage(columns: columns)
        guard let options = serve.firstRange(of: "OPTIONS:\n"), let subcommands = root.firstRange(of: "SUBCOMMANDS:") else { return root }
        var rows: [Substring] = []
        var skipping = false
        for row in serve[options.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            // The root lists --version and --help already; a wrapped row goes with its option.
            if row.hasPrefix("  -") { skipping = row.hasPrefix("  --version") || row.hasPrefix("  -h, --help") }
            if !skipping { rows.append(row) }
        }
        while rows.last?.isEmpty == true { rows.removeLast() }
        let block = "SERVE OPTIONS (navd alone is navd serve):\n" + rows.joined(separator: "\n") + "\n\n"
        return String(root[..<subcommands.lowerBound]) + block + String(root[subcommands.lowerBound...])
    }
}
