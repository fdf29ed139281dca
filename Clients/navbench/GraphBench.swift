import ArgumentParser
import NavGraph
import NavigationCore

/// `navbench graph`: the graph's costs, in process. The DOT of a definition of N screens
/// (building the graph and writing it), and the shadowed-pattern analysis of `navd check` on
/// N and 2N deep-link patterns, a quarter of them wildcards: it must grow about linearly.
struct GraphBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Measures the graph's DOT for a big definition and the shadowed-pattern analysis of check.")

    @Option(help: "Screens of the DOT measure.")
    var screens = 5_000

    @Option(help: "Patterns of the analysis measure (and twice as many).")
    var patterns = 10_000

    @Option(help: "Timed runs per measure; the median is reported.")
    var runs = 5

    func run() throws {
        let big = try AppDefinition.load(json: Self.screens(screens)).definition
        var dot = ""
        let dotTime = Stopwatch.median(runs: runs) { dot = DOTWriter(graph: NavGraph(definition: big)).write() }
        print("DOT of \(screens) screens: \(format(dotTime)) (\(dot.utf8.count) bytes)")
        var times: [Double] = []
        for count in [patterns, 2 * patterns] {
            let definition = try AppDefinition.load(json: Self.patterns(count)).definition
            var found = 0
            let time = Stopwatch.median(runs: runs) { found = definition.shadowedPatterns().count }
            times.append(time)
            print("shadowed-pattern analysis of \(count) patterns: \(format(time)) (\(found) shadowed)")
        }
        print("2N / N: \((times[1] / times[0] * 100).rounded() / 100)")
    }

    func format(_ nanoseconds: Double) -> String {
        nanoseconds >= 1e9 ? "\((nanoseconds / 1e7).rounded() / 100) s" : "\((nanoseconds / 1e4).rounded() / 100) ms"
    }

    /// N screens in stack flows of 100 (a tabs flow of the first 5): each pushes the next,
    /// presents the first of the next flow, and has a path.
    static func screens(_ count: Int) -> String {
        let flows = max(1, (count + 99) / 100)
        var flowList = (0..<flows).map { #""f\#($0)": {"kind": "stack", "root": "s\#($0 * 100)"}"# }
        let tabs = (0..<min(5, flows)).map { #""f\#($0)""# }.joined(separator: ", ")
        flowList.append(#""main": {"kind": "tabs", "tabs": [\#(tabs)], "initialTab": "f0"}"#)
        let screens = (0..<count).map { i -> String in
            var routes: [String] = []
            if i + 1 < count && (i + 1) % 100 != 0 { routes.append(#""s\#(i + 1)""#) }
            if i % 100 == 0 && i / 100 + 1 < flows { routes.append(#""f\#(i / 100 + 1)""#) }
            if i % 7 == 0 { routes.append(#"{"to": "s\#((i * 31) % count)", "transition": "modal"}"#) }
            return #""s\#(i)": {"path": "/p\#(i)/:id", "params": {"id": {"type": "int", "optional": true}}, "routes": [\#(routes.joined(separator: ", "))]}"#
        }
        return #"{"app": "big", "schemes": ["big"], "root": "main", "flows": {\#(flowList.joined(separator: ", "))}, "screens": {\#(screens.joined(separator: ",\n"))}}"#
    }

    /// N patterns in groups of four under `/gK`: `/gK/*rest`, `/gK/:a`, `/gK/lit/:a/:b`,
    /// `/gK/:a/x/:b`: none shadowed, each walking the wildcards' trie.
    static func patterns(_ count: Int) -> String {
        let screens = (0..<count).map { i -> String in
            let group = i / 4
            let path: String
            switch i % 4 {
            case 0: path = "/g\(group)/*rest"
            case 1: path = "/g\(group)/:a"
            case 2: path = "/g\(group)/lit/:a/:b"
            default: path = "/g\(group)/:a/x/:b"
            }
            let routes = i == 0 ? #", "routes": ["*"]"# : ""
            return #""s\#(i)": {"path": "\#(path)", "params": {"rest": {"type": "string", "optional": true}, "a": {"type": "string", "optional": true}, "b": {"type": "string", "optional": true}}\#(routes)}"#
        }
        return #"{"app": "patterns", "root": "main", "flows": {"main": {"kind": "stack", "root": "s0"}}, "screens": {\#(screens.joined(separator: ",\n"))}}"#
    }
}
