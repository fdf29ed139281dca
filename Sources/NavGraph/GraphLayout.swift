/// What the DOT and Mermaid writers share: the clusters (flows inside tabs flows, screens
/// inside flows), and where an edge to a flow lands (its entry screen).
struct GraphLayout {
    let graph: NavGraph
    /// Node id → index in `graph.nodes`.
    let index: [String: Int]
    /// Flow id → the nodes drawn directly in its cluster (screens and, for a tabs flow, its tabs).
    let members: [String: [Int]]
    /// The nodes at the top level, in graph order.
    let topLevel: [Int]

    init(_ graph: NavGraph) {
        self.graph = graph
        var index: [String: Int] = [:]
        for (i, node) in graph.nodes.enumerated() where index[node.id] == nil { index[node.id] = i }
        self.index = index
        var members: [String: [Int]] = [:]
        var topLevel: [Int] = []
        for (i, node) in graph.nodes.enumerated() {
            if let flow = node.flow, index[flow] != nil {
                members[flow, default: []].append(i)
            } else {
                topLevel.append(i)
            }
        }
        self.members = members
        self.topLevel = topLevel
    }

    func node(_ id: String) -> GraphNode? { index[id].map { graph.nodes[$0] } }

    /// The screen an edge to a flow is drawn to: a stack flow's root, a tabs flow's initial
    /// tab's root. Nil for a flow whose entry is not a screen of the graph.
    func entryScreen(of id: String) -> String? {
        var current = id
        for _ in 0..<3 {
            guard let node = node(current) else { return nil }
            switch node.kind {
            case .screen: return node.id
            case .flow: guard let root = node.rootScreen else { return nil }; current = root
            case .tab: guard let tab = node.initialTab ?? node.tabs.first else { return nil }; current = tab
            case .any, .url, .event: return node.id
            }
        }
        return nil
    }

    /// Whether node `id` is drawn inside flow `flow`'s cluster (at any depth).
    func isInside(_ id: String, flow: String) -> Bool {
        var current = node(id)?.flow
        var depth = 0
        while let here = current, depth < 3 {
            if here == flow { return true }
            current = node(here)?.flow
            depth += 1
        }
        return false
    }
}
