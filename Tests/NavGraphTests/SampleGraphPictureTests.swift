import Foundation
import NavGraph
import NavigationCore
import Testing

/// docs/sample-graph.svg, the picture of the sample app's graph in the docs, drawn by
/// `navd graph --svg docs/sample-graph.svg`: it must show the graph navd builds today. The
/// check does not depend on Graphviz's version: every node, cluster and edge id of the graph
/// (the SVG keeps the ids DOT gives them) and every line of every label must be in it, and no
/// other id.
@Suite("The sample's picture in docs/")
struct SampleGraphPictureTests {
    @Test func docsPictureIsCurrent() throws {
        let url = GraphGoldenTests.repository.appendingPathComponent("docs/sample-graph.svg")
        let svg = unescaped(try String(contentsOf: url, encoding: .utf8))
        let graph = NavGraph(definition: .sample)
        let drawnEdges = graph.edges.filter { $0.kind != .tab }
        let expected = Set(["graph"] + graph.nodes.map(\.id) + drawnEdges.map(\.id))
        let found = Set(ids(in: svg))
        let hint = "redraw it: .build/debug/navd graph --svg docs/sample-graph.svg"
        #expect(expected.subtracting(found).isEmpty, "missing from the picture: \(expected.subtracting(found).sorted()); \(hint)")
        #expect(found.subtracting(expected).isEmpty, "not in the graph: \(found.subtracting(expected).sorted()); \(hint)")
        let dot = DOTWriter(graph: graph).write()
        for label in labels(in: dot) {
            #expect(svg.contains(">\(label)</text>"), "label '\(label)' is not in the picture; \(hint)")
        }
    }

    /// The values of `id="…"` attributes (Graphviz writes each once per element).
    func ids(in svg: String) -> [String] {
        svg.components(separatedBy: " id=\"").dropFirst().compactMap { rest in
            rest.split(separator: "\"", maxSplits: 1).first.map(String.init)
        }
    }

    /// Every line of every `label="…"` in the DOT.
    func labels(in dot: String) -> [String] {
        dot.components(separatedBy: "label=\"").dropFirst().flatMap { rest -> [String] in
            var label = ""
            var escape = false
            for character in rest {
                if escape { label.append(character == "n" ? "\n" : character); escape = false; continue }
                if character == "\\" { escape = true; continue }
                if character == "\"" { break }
                label.append(character)
            }
            return label.split(separator: "\n").map(String.init)
        }
    }

    /// The SVG's text with the entities Graphviz writes read back (`&#45;` for `-` included).
    func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&#160;", with: " ")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
