import ArgumentParser
import NavGraph
import NavigationCore
import NavProtocol
import NavSystem

/// `navd graph [FILE]`: the app definition as a graph (docs/graph.md), printed as DOT, Mermaid
/// or JSON, or drawn into an SVG or PNG by Graphviz's `dot`.
struct DefinitionGraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Prints an app definition as a graph (DOT, Mermaid or JSON) or draws it with Graphviz.",
        discussion: """
            Screens inside a cluster per flow, routes labelled with their transition, deep links \
            from outside, guard redirects dashed, events' steps labelled with the event \
            (docs/graph.md). --svg and --png run Graphviz's dot (Debian's graphviz package) \
            instead of printing. Exit status: 0 ok, 1 an invalid definition or dot failed.
            """
    )

    @Argument(help: "The app definition (JSON), or - for standard input; the built-in sample without it.")
    var file: String?

    @Option(help: "How to print the graph (default: dot).")
    var format: GraphFormat?

    @Option(help: ArgumentHelp("Draw the graph into this SVG file (with Graphviz's dot).", valueName: "file"))
    var svg: String?

    @Option(help: ArgumentHelp("Draw the graph into this PNG file (with Graphviz's dot).", valueName: "file"))
    var png: String?

    func validate() throws {
        if format != nil && (svg != nil || png != nil) {
            throw ValidationError("--format prints the graph; --svg and --png draw it instead")
        }
    }

    func run() throws {
        let graph = NavGraph(definition: try loadDefinition())
        let pictures = [("svg", svg), ("png", png)].compactMap { format, path in path.map { (format, $0) } }
        guard !pictures.isEmpty else {
            StandardIO.output((format ?? .dot).render(graph))
            return
        }
        let dot = GraphFormat.dot.render(graph)
        for (format, path) in pictures {
            do {
                try GraphvizDot.render(dot, format: format, to: path)
            } catch {
                StandardIO.error("navd: cannot draw \(path): \(error)\n")
                throw ExitCode(1)
            }
        }
    }

    private func loadDefinition() throws -> AppDefinition {
        guard let file else { return .sample }
        let text = try readDefinition(file)
        do {
            return try AppDefinition.load(json: text, checks: [EventStepCheck.diagnostics]).definition
        } catch {
            StandardIO.error(CheckReport(file: file, diagnostics: error.diagnostics, source: text).text + "\n")
            throw ExitCode(1)
        }
    }
}

extension GraphFormat: ExpressibleByArgument {}
