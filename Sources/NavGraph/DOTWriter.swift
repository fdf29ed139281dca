/// Writes a graph in Graphviz's DOT language (docs/graph.md): left to right, a cluster per flow
/// (a tabs flow's cluster holds its tabs' clusters), a box per screen with its path and guards,
/// route edges labelled with their transition, deep links from one `deep link` node, guard
/// redirects dashed, events from a node per event. An edge to a flow ends at the flow's cluster.
///
/// Every node, cluster and edge has an `id` (a screen's or flow's name; `GraphEdge.id`) and a
/// `class` (its kind and marks), which Graphviz copies into the SVG.
public struct DOTWriter {
    public let graph: NavGraph
    public let marks: GraphMarks
    private let layout: GraphLayout

    public init(graph: NavGraph, marks: GraphMarks = .none) {
        self.graph = graph
        self.marks = marks
        self.layout = GraphLayout(graph)
    }

    public func write() -> String {
        var out = "digraph \(quote(graph.app)) {\n"
        out += "  graph [id=\(quote("graph")), rankdir=LR, compound=true, fontname=\"Helvetica\", fontsize=12, nodesep=0.25, ranksep=0.5];\n"
        out += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=11];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9];\n"
        for i in layout.topLevel {
            write(node: i, depth: 1, into: &out)
        }
        for edge in graph.edges {
            write(edge: edge, into: &out)
        }
        out += "}\n"
        return out
    }

    private func write(node i: Int, depth: Int, into out: inout String) {
        let node = graph.nodes[i]
        let pad = String(repeating: "  ", count: depth)
        let nodeMarks = marks.marks(ofNode: node.id)
        let classes = ([node.kind.rawValue] + nodeMarks.map(\.rawValue)).joined(separator: " ")
        switch node.kind {
        case .flow, .tab:
            out += "\(pad)subgraph \(quote("cluster_" + node.id)) {\n"
            var label = node.id
            if node.kind == .tab { label += " (tabs)" }
            if node.id == graph.root { label += " · root" }
            var style = ["rounded"]
            var attributes = ["id=\(quote(node.id))", "class=\(quote(classes))", "label=\(quote(label))"]
            if nodeMarks.contains(.selected) {
                style.append("filled")
                attributes.append("fillcolor=\"#e8f0fe\"")
            }
            if nodeMarks.contains(.covered) { attributes.append("color=\"#38761d\"") }
            else if nodeMarks.contains(.uncovered) { attributes += ["color=\"#bbbbbb\"", "fontcolor=\"#999999\""] }
            else { attributes.append("color=\"#888888\"") }
            attributes.append("style=\(quote(style.joined(separator: ",")))")
            for attribute in attributes { out += "\(pad)  \(attribute);\n" }
            for member in layout.members[node.id] ?? [] {
                write(node: member, depth: depth + 1, into: &out)
            }
            out += "\(pad)}\n"
        case .screen, .any, .url, .event:
            var attributes = ["id=\(quote(node.id))", "class=\(quote(classes))", "label=\(quote(label(of: node)))"]
            attributes += shape(of: node)
            attributes += style(ofNode: node, marks: nodeMarks)
            out += "\(pad)\(quote(node.id)) [\(attributes.joined(separator: ", "))];\n"
        }
    }

    private func label(of node: GraphNode) -> String {
        switch node.kind {
        case .screen:
            var lines = [node.id]
            if let path = node.path { lines.append(path) }
            if !node.requires.isEmpty { lines.append("requires " + node.requires.joined(separator: ", ")) }
            return lines.joined(separator: "\n")
        case .any: return "any destination (*)"
        case .url: return "deep link"
        case .event: return "event " + String(node.id.dropFirst(NavGraph.eventID("").count))
        case .flow, .tab: return node.id
        }
    }

    private func shape(of node: GraphNode) -> [String] {
        switch node.kind {
        case .screen, .flow, .tab: return []
        case .any: return ["shape=box", "style=\"rounded,dashed\""]
        case .url: return ["shape=oval"]
        case .event: return ["shape=cds"]
        }
    }

    private func style(ofNode node: GraphNode, marks nodeMarks: [GraphMarks.Mark]) -> [String] {
        var attributes: [String] = []
        if nodeMarks.contains(.top) {
            attributes += ["style=\"rounded,filled,bold\"", "fillcolor=\"#f6b26b\"", "penwidth=2"]
        } else if nodeMarks.contains(.visible) {
            attributes += ["style=\"rounded,filled,bold\"", "fillcolor=\"#ffd966\""]
        } else if nodeMarks.contains(.stacked) {
            attributes += ["style=\"rounded,filled\"", "fillcolor=\"#fff2cc\""]
        } else if nodeMarks.contains(.covered) {
            attributes += ["style=\"rounded,filled\"", "fillcolor=\"#d9ead3\"", "color=\"#38761d\""]
        } else if nodeMarks.contains(.uncovered) {
            attributes += ["color=\"#bbbbbb\"", "fontcolor=\"#999999\""]
        }
        if nodeMarks.contains(.pending) {
            attributes += ["color=\"#cc0000\"", "penwidth=2"]
        }
        return attributes
    }

    private func write(edge: GraphEdge, into out: inout String) {
        guard edge.kind != .tab else { return }  // a tab is drawn as its cluster inside the tabs flow's
        guard let tail = layout.entryScreen(of: edge.from), let head = layout.entryScreen(of: edge.to) else { return }
        let edgeMarks = marks.marks(ofEdge: edge.id)
        let classes = ([edge.kind.rawValue] + edgeMarks.map(\.rawValue)).joined(separator: " ")
        var attributes = ["id=\(quote(edge.id))", "class=\(quote(classes))"]
        if let target = layout.node(edge.to), target.kind == .flow || target.kind == .tab,
            !layout.isInside(edge.from, flow: edge.to)
        {
            attributes.append("lhead=\(quote("cluster_" + edge.to))")
        }
        switch edge.kind {
        case .route:
            if let transition = edge.transition { attributes.append("label=\(quote(transition))") }
        case .deeplink:
            attributes += ["label=\(quote(edge.label ?? ""))", "style=dashed", "color=\"#3d85c6\"", "fontcolor=\"#3d85c6\"", "arrowhead=empty"]
        case .redirect:
            attributes += ["label=\(quote("guard " + (edge.label ?? "")))", "style=dashed", "color=\"#e69138\"", "fontcolor=\"#e69138\""]
        case .event:
            attributes += ["label=\(quote(edge.label ?? ""))", "color=\"#8e7cc3\"", "fontcolor=\"#8e7cc3\""]
        case .tab:
            break
        }
        if edgeMarks.contains(.covered) {
            attributes += ["color=\"#38761d\"", "penwidth=2"]
        } else if edgeMarks.contains(.uncovered) {
            attributes += ["color=\"#bbbbbb\"", "fontcolor=\"#999999\""]
        }
        out += "  \(quote(tail)) -> \(quote(head)) [\(attributes.joined(separator: ", "))];\n"
    }

    /// A DOT string: `"` and `\` escaped, a line break as `\n` (Graphviz's centred line).
    private func quote(_ text: String) -> String {
        if !text.utf8.contains(where: { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for character in text {
            switch character {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.append(character)
            }
        }
        return out + "\""
    }
}
