internal import ArgumentParser
internal import NavCommandLine
internal import NavGraph
internal import NavigationCore
internal import NavJSON

/// `navctl coverage combine|report`: what `navctl run --coverage` recorded (docs/graph.md).
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Combines and reports coverage files that navctl run --coverage wrote.",
        subcommands: [CoverageCombineCommand.self, CoverageReportCommand.self])
}

struct CoverageCombineCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "combine",
        abstract: "Adds up coverage files recorded against the same app definition into one.")

    @Argument(help: ArgumentHelp("The coverage files.", valueName: "file"), completion: .file())
    var files: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("The combined file to write.", valueName: "file"), completion: .file())
    var output: String

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("give the coverage files to combine: coverage combine A B -o C") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        var combined = try CoverageFiles.read(files[0], in: session)
        for path in files.dropFirst() {
            let other = try CoverageFiles.read(path, in: session)
            do {
                try combined.merge(other)
            } catch {
                throw .failed("\(path): \(error.message)")
            }
        }
        try CoverageFiles.write(combined, to: output)
        session.print("\(output): \(files.count) file\(files.count == 1 ? "" : "s"), \(combined.runs) run\(combined.runs == 1 ? "" : "s")")
    }
}

struct CoverageReportCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Prints how much of the app definition a coverage file reached, and what it never reached.",
        discussion: """
            The summary counts screens entered, route edges taken, deep-link patterns matched, \
            guards that held, events emitted and tabs selected, against the definition the file \
            was recorded with. With --fail-under N the exit status is 1 when the total is under N%.
            """)

    @Argument(help: ArgumentHelp("The coverage file.", valueName: "file"), completion: .file())
    var file: String

    @Option(help: ArgumentHelp("Exit 1 when the total is under this percentage.", valueName: "n"))
    var failUnder: Int?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let failUnder, !(0...100).contains(failUnder) { throw ValidationError("--fail-under is a percentage, 0 to 100") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        let coverage = try CoverageFiles.read(file, in: session)
        guard let definition = AppDefinition.decode(coverage.definition).definition else {
            throw .failed("\(file): its app definition does not decode")
        }
        let report = CoverageReport(coverage, definition: definition)
        session.output(report.jsonValue, json: common.json) { report.text }
        if let failUnder, !report.reaches(failUnder) {
            session.environment.stderr.write("\(file): total \(report.percent)% is under --fail-under \(failUnder)%\n")
            throw .reported(ExitStatus.failure)
        }
    }
}
