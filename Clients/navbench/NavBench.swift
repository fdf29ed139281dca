import ArgumentParser
import NavCommandLine

/// `navbench`: load and latency scenarios for navd, one subcommand each.
@main
struct NavBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "navbench",
        abstract: "Measures navd's speed, one scenario per subcommand.",
        version: NavVersion.line("navbench"),
        subcommands: [
            AllBench.self, RTTBench.self, ThroughputBench.self, FanoutBench.self, DeepLinkBench.self, BaselineBench.self,
            IdleBench.self, ScaleBench.self, DurableBench.self, EventsBench.self, GraphBench.self,
        ])

    /// argument-parser's main, but a usage error exits 2 as in every navd program.
    static func main() { mainExitingTwoOnUsage() }
}

/// Flags every scenario shares.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Print one JSON object instead of a table.")
    var json = false
}
