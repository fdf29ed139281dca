/// What a renderer shows on top of a graph, kept apart from it (the graph is the definition's;
/// marks are the running state's or a coverage file's): marks per node id and per edge id
/// (`GraphEdge.id`). `navctl graph --live` and `--coverage` make them; a page showing the SVG
/// can apply the same marks itself through the nodes' ids.
public struct GraphMarks: Sendable, Hashable {
    public enum Mark: String, Sendable, Hashable, CaseIterable {
        /// On the visible path: the top screen of each container on it (a presenting
        /// container's is under what it presents).
        case visible
        /// The top screen: the last of the visible path.
        case top
        /// In a stack of the tree but covered.
        case stacked
        /// A tabs flow's selected tab (a flow).
        case selected
        /// What the pending guarded request waits to open.
        case pending
        /// Reached by a recorded run (a coverage file).
        case covered
        /// Never reached by a recorded run.
        case uncovered
    }

    public var nodes: [String: Set<Mark>]
    public var edges: [String: Set<Mark>]

    public init(nodes: [String: Set<Mark>] = [:], edges: [String: Set<Mark>] = [:]) {
        self.nodes = nodes
        self.edges = edges
    }

    public static let none = GraphMarks()

    public var isEmpty: Bool { nodes.isEmpty && edges.isEmpty }

    public mutating func mark(node id: String, _ mark: Mark) {
        nodes[id, default: []].insert(mark)
    }

    public mutating func mark(edge id: String, _ mark: Mark) {
        edges[id, default: []].insert(mark)
    }

    /// A node's marks in the order of `Mark.allCases` (what renderers write).
    public func marks(ofNode id: String) -> [Mark] {
        guard let set = nodes[id] else { return [] }
        return Mark.allCases.filter(set.contains)
    }

    public func marks(ofEdge id: String) -> [Mark] {
        guard let set = edges[id] else { return [] }
        return Mark.allCases.filter(set.contains)
    }
}
