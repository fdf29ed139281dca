public import NavigationCore

extension CoverageFile {
    /// The graph's nodes and edges marked covered or uncovered (`navctl graph --coverage`):
    /// screens entered, tabs selected and events emitted; route edges taken, deep-link edges
    /// whose pattern matched, redirects of guards that held, event edges of events handled.
    /// Flows are covered when a screen in them was; `*`, `@url` carry no mark.
    public func marks(for graph: NavGraph, definition: AppDefinition) -> GraphMarks {
        var marks = GraphMarks()
        func mark(node id: String, _ reached: Bool) { marks.mark(node: id, reached ? .covered : .uncovered) }
        func mark(edge id: String, _ reached: Bool) { marks.mark(edge: id, reached ? .covered : .uncovered) }
        let taken = CoverageReport.takenRoutes(self, definition: definition)
        let matched: Set<String> = Set(definition.screens.compactMap { screen in
            CoverageReport.expansions(of: screen).contains { (patterns[$0.expansion] ?? 0) > 0 } ? screen.name : nil
        })
        let flowsReached = Set(graph.nodes.compactMap { node in (screens[node.id] ?? 0) > 0 ? node.flow : nil })
        for node in graph.nodes {
            switch node.kind {
            case .screen: mark(node: node.id, (screens[node.id] ?? 0) > 0)
            case .event: mark(node: node.id, (events[String(node.id.dropFirst(NavGraph.eventID("").count))]?.emitted ?? 0) > 0)
            case .flow: mark(node: node.id, (tabs[node.id] ?? 0) > 0 || flowsReached.contains(node.id))
            case .tab, .any, .url: break
            }
        }
        for edge in graph.edges {
            switch edge.kind {
            case .route: mark(edge: edge.id, taken.contains(edge.id))
            case .deeplink: mark(edge: edge.id, matched.contains(edge.to))
            case .redirect: mark(edge: edge.id, (guards[edge.label ?? ""]?.held ?? 0) > 0)
            case .event: mark(edge: edge.id, (events[edge.label ?? ""]?.handled ?? 0) > 0)
            case .tab: mark(edge: edge.id, (tabs[edge.to] ?? 0) > 0)
            }
        }
        return marks
    }
}
