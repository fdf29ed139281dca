/// Writes a graph as a Mermaid flowchart (docs/graph.md), for Markdown pages that render
/// Mermaid (GitHub's do): the same clusters, nodes and edges as `DOTWriter`, marks as classes.
///
/// Mermaid's ids are restricted (and some words, `end` among them, are keywords), so a node's
/// Mermaid id is `n` and its index in the graph; its name is its label.
public struct MermaidWriter {
    public let graph: NavGraph
    public let marks: GraphMarks
    private let layout: GraphLayout

    public init(graph: NavGraph, marks: GraphMarks = .none) {
        self.graph = graph
        self.marks = marks
        self.layout = GraphLayout(graph)
    }

    public func write() -> String {
        var out = "flowchart LR\n"
        for i in layout.topLevel {
            write(node: i, depth: 1, into: &out)
        }
        var linkStyles: [String] = []
        var linkIndex = 0
        for edge in graph.edges {
            guard let line = self.line(for: edge) else { continue }
            out += "  " + line + "\n"
            let edgeMarks = marks.marks(ofEdge: edge.id)
            if edgeMarks.contains(.covered) {
                linkStyles.append("  linkStyle \(linkIndex) stroke:#38761d,stroke-width:2px")
            } else if edgeMarks.contains(.uncovered) {
                linkStyles.append("  linkStyle \(linkIndex) stroke:#bbbbbb")
            }
            linkIndex += 1
        }
        for line in linkStyles { out += line + "\n" }
        var classLines: [String] = []
        for mark in GraphMarks.Mark.allCases {
            let ids = graph.nodes.indices.filter { marks.marks(ofNode: graph.nodes[$0].id).contains(mark) }.map { "n\($0)" }
            if !ids.isEmpty { classLines.append("  class \(ids.joined(separator: ",")) \(mark.rawValue)") }
        }
        if !classLines.isEmpty {
            out += "  classDef visible fill:#ffd966,stroke:#333,stroke-width:2px\n"
            out += "  classDef top fill:#f6b26b,stroke:#333,stroke-width:3px\n"
            out += "  classDef stacked fill:#fff2cc\n"
            out += "  classDef selected fill:#e8f0fe\n"
            out += "  classDef pending stroke:#cc0000,stroke-width:2px\n"
            out += "  classDef covered fill:#d9ead3,stroke:#38761d\n"
            out += "  classDef uncovered color:#999999,stroke:#bbbbbb\n"
            for line in classLines { out += line + "\n" }
        }
        return out
    }

    private func write(node i: Int, depth: Int, into out: inout String) {
        let node = graph.nodes[i]
        let pad = String(repeating: "  ", count: depth)
        switch node.kind {
        case .flow, .tab:
            var label = node.id
            if node.kind == .tab { label += " (tabs)" }
            if node.id == graph.root { label += " · root" }
            out += "\(pad)subgraph n\(i) [\(text(label))]\n"
            for member in layout.members[node.id] ?? [] {
                write(node: member, depth: depth + 1, into: &out)
            }
            out += "\(pad)end\n"
        case .screen:
            var lines = [node.id]
            if let path = node.path { lines.append(path) }
            if !node.requires.isEmpty { lines.append("requires " + node.requires.joined(separator: ", ")) }
            out += "\(pad)n\(i)(\(text(lines.joined(separator: "\n"))))\n"
        case .any:
            out += "\(pad)n\(i)[\(text("any destination (*)"))]\n"
        case .url:
            out += "\(pad)n\(i)([\(text("deep link"))])\n"
        case .event:
            out += "\(pad)n\(i)>\(text("event " + String(node.id.dropFirst(NavGraph.eventID("").count))))]\n"
        }
    }

    private func line(for edge: GraphEdge) -> String? {
        guard edge.kind != .tab, let from = layout.index[edge.from], let to = layout.index[edge.to] else { return nil }
        switch edge.kind {
        case .route:
            guard let transition = edge.transition else { return "n\(from) --> n\(to)" }
            return "n\(from) -->|\(text(transition))| n\(to)"
        case .deeplink:
            return "n\(from) -.->|\(text(edge.label ?? ""))| n\(to)"
        case .redirect:
            return "n\(from) -.->|\(text("guard " + (edge.label ?? "")))| n\(to)"
        case .event:
            return "n\(from) ==>|\(text(edge.label ?? ""))| n\(to)"
        case .tab:
            return nil
        }
    }

    /// A quoted Mermaid label: `"` as `#quot;`, a line break as `<br/>`, `<`, `>` and `&` as
    /// entities (Mermaid reads labels as HTML).
    private func text(_ label: String) -> String {
        var out = "\""
        for character in label {
            switch character {
            case "\"": out += "#quot;"
            case "\n": out += "<br/>"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "#": out += "#35;"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
