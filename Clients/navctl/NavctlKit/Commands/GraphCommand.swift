internal import ArgumentParser
internal import NavClient
internal import NavGraph
internal import NavigationCore
internal import NavJSON
internal import NavProtocol
internal import NavSystem

/// `navctl graph`: the running navd's app definition as a graph (docs/graph.md), with the live
/// state or a coverage file marked on it.
struct GraphCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Prints navd's app definition as a graph (DOT, Mermaid or JSON) or draws it with Graphviz.",
        discussion: """
            --live marks the running state: the visible path, the screens in stacks, the \
            selected tabs, what a held request waits to open. --coverage FILE marks what \
            recorded runs reached and what they did not; without --live it reads the \
            definition from the file and needs no navd. --svg and --png run Graphviz's dot \
            (Debian's graphviz package) instead of printing.
            """)

    @Option(help: "How to print the graph (default: dot; --json is json).")
    var format: GraphFormatName?

    @Flag(help: "Mark the running state.")
    var live = false

    @Option(help: ArgumentHelp("Mark what this coverage file reached.", valueName: "file"), completion: .file())
    var coverage: String?

    @Option(help: ArgumentHelp("Draw the graph into this SVG file (with Graphviz's dot).", valueName: "file"), completion: .file())
    var svg: String?

    @Option(help: ArgumentHelp("Draw the graph into this PNG file (with Graphviz's dot).", valueName: "file"), completion: .file())
    var png: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if (format != nil || common.json) && (svg != nil || png != nil) {
            throw ValidationError("--format and --json print the graph; --svg and --png draw it instead")
        }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        var definition: AppDefinition
        var marks = GraphMarks()
        if let coverage {
            let file = try CoverageFiles.read(coverage, in: session)
            guard let recorded = AppDefinition.decode(file.definition).definition else {
                throw .failed("\(coverage): its app definition does not decode")
            }
            definition = recorded
            marks = file.marks(for: NavGraph(definition: recorded), definition: recorded)
        } else {
            definition = try session.definition()
        }
        if live {
            if coverage != nil {
                let served = try session.definition()
                guard served.source == definition.source else {
                    throw .failed("\(coverage ?? ""): recorded against another app definition than navd serves")
                }
                definition = served
            }
            let state = try session.using { connection throws(NavClientError) in try connection.call(.navState) }
            for (id, set) in GraphMarks.live(state: state, definition: definition).nodes {
                marks.nodes[id, default: []].formUnion(set)
            }
        }
        let graph = NavGraph(definition: definition)
        let pictures = [("svg", svg), ("png", png)].compactMap { format, path in path.map { (format, $0) } }
        guard !pictures.isEmpty else {
            let chosen = common.json || session.json ? GraphFormat.json : format?.format ?? .dot
            session.print(chosen.render(graph, marks: marks))
            return
        }
        let dot = GraphFormat.dot.render(graph, marks: marks)
        for (format, path) in pictures {
            do {
                try GraphvizDot.render(dot, format: format, to: path)
            } catch {
                throw .failed("cannot draw \(path): \(error)")
            }
        }
    }
}

/// `--format`'s values: `GraphFormat`'s, as an argument of navctl's own (a conformance of
/// NavGraph's type would be public).
enum GraphFormatName: String, ExpressibleByArgument, CaseIterable {
    case dot, mermaid, json

    var format: GraphFormat { GraphFormat(rawValue: rawValue) ?? .dot }
}
