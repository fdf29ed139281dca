import ArgumentParser
import NavigationCore

/// `navd sample`: prints the built-in sample app definition, the one navd runs without
/// `--app`, as a starting point for one's own (`navd sample > my-app.json`).
struct SampleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sample",
        abstract: "Prints the built-in sample app definition (JSON), a starting point for your own.",
        discussion: """
            navd keeps one state per app name: give your copy its own "app" (the sample's is \
            "social"), or `navd --app my-app.json` starts from the sample's saved state.
            """
    )

    func run() throws {
        // The very text navd loads as the sample: what is printed is what runs.
        StandardIO.output(AppDefinition.sampleJSON + "\n")
    }
}
