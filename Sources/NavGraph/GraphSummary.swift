public import NavigationCore

/// How big a definition's graph is, in one line (`navd check`): `social: 17 screens, 7 flows,
/// 31 edges, 12 patterns`. Edges are the route edges (a `"*"` route is one); patterns are the
/// paths' expansions, what deep links match and coverage counts.
public struct GraphSummary: Sendable, Hashable {
    public var app: String
    public var screens: Int
    public var flows: Int
    public var edges: Int
    public var patterns: Int

    public init(definition: AppDefinition) {
        app = definition.app
        screens = definition.screens.count
        flows = definition.flows.count
        edges = NavGraph(definition: definition).edges.filter { $0.kind == .route }.count
        patterns = definition.screens.reduce(0) { $0 + CoverageReport.expansions(of: $1).count }
    }

    public var line: String {
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        return "\(app): " + [count(screens, "screen"), count(flows, "flow"), count(edges, "edge"), count(patterns, "pattern")]
            .joined(separator: ", ")
    }
}
