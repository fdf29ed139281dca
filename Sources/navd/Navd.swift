import ArgumentParser
import NavCommandLine

/// `navd`: the navigation-state server (docs/README.md).
@main
struct Navd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navd",
        abstract: "Serves one navigation state to many clients over JSON-RPC on a Unix socket.",
        version: NavVersion.line("navd"),
        subcommands: [ServeCommand.self, CheckCommand.self, SampleCommand.self, GraphCommand.self],
        defaultSubcommand: ServeCommand.self
    )

    /// argument-parser's main, but a usage error exits 2 as in every navd program.
    static func main() { mainExitingTwoOnUsage() }
}
