internal import NavJSON

/// The text forms of a graph: what `--format` names.
public enum GraphFormat: String, Sendable, CaseIterable {
    case dot
    case mermaid
    case json

    /// The graph in this form, with the marks, ending with a line break.
    public func render(_ graph: NavGraph, marks: GraphMarks = .none) -> String {
        switch self {
        case .dot: return DOTWriter(graph: graph, marks: marks).write()
        case .mermaid: return MermaidWriter(graph: graph, marks: marks).write()
        case .json: return JSONWriter.string(graph.jsonValue(marks: marks)) + "\n"
        }
    }
}
