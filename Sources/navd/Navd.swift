import ArgumentParser

/// `navd`: the navigation-state server (docs/README.md).
@main
struct Navd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navd",
        abstract: "Serves one navigation state to many clients over JSON-RPC on a Unix socket.",
        version: NavdVersion.string,
        subcommands: [ServeCommand.self, CheckCommand.self, SampleCommand.self],
        defaultSubcommand: ServeCommand.self
    )
}

enum NavdVersion {
    static let string = "0.1.0"
}
