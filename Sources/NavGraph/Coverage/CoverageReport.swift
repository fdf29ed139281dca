public import NavigationCore
public import NavJSON

/// A coverage file measured against its definition (docs/graph.md): for each kind of thing,
/// how many of the definition's were reached and which were not.
///
/// - screens: every screen; edges: every route edge of the graph (a `"*"` route is one edge,
///   reached by a route to anything its screen does not list); patterns: every expansion of
///   every path; guards: every guard, reached when it held a request; events: every declared
///   event, reached when emitted; tabs: every tab of every tabs flow.
public struct CoverageReport: Sendable {
    public struct Part: Sendable, Hashable {
        public var name: String
        public var covered: Int
        public var missed: [String]
        public var total: Int { covered + missed.count }

        /// Rounded down, so that 100% means everything; 100 when there is nothing to reach.
        public var percent: Int { total == 0 ? 100 : covered * 100 / total }
    }

    public var app: String
    public var runs: Int
    public var parts: [Part]

    public init(_ file: CoverageFile, definition: AppDefinition) {
        app = file.app
        runs = file.runs
        let graph = NavGraph(definition: definition)
        var parts: [Part] = []
        func part(_ name: String, _ items: [(label: String, reached: Bool)]) {
            parts.append(Part(name: name, covered: items.filter(\.reached).count, missed: items.filter { !$0.reached }.map(\.label)))
        }
        part("screens", definition.screens.map { ($0.name, (file.screens[$0.name] ?? 0) > 0) })
        let taken = CoverageReport.takenRoutes(file, definition: definition)
        part("edges", graph.edges.filter { $0.kind == .route }.map { ("\($0.from) -> \($0.to)", taken.contains($0.id)) })
        part("patterns", definition.screens.flatMap { screen in
            CoverageReport.expansions(of: screen).map { pattern in
                ("\(pattern.expansion) (\(screen.name))", (file.patterns[pattern.expansion] ?? 0) > 0)
            }
        })
        part("guards", definition.guards.map { ($0.name, (file.guards[$0.name]?.held ?? 0) > 0) })
        part("events", definition.events.map { ($0.name, (file.events[$0.name]?.emitted ?? 0) > 0) })
        var tabs: [String] = []
        for flow in definition.flows {
            if case .tabs(let names, _) = flow.kind { tabs += names.filter { !tabs.contains($0) } }
        }
        part("tabs", tabs.map { ($0, (file.tabs[$0] ?? 0) > 0) })
        self.parts = parts
    }

    /// The ids of the graph's route edges that a recorded edge took: `route:FROM->TO`, and
    /// `route:FROM->*` for a route its screen allows only through `"*"`.
    static func takenRoutes(_ file: CoverageFile, definition: AppDefinition) -> Set<String> {
        var ids: Set<String> = []
        for edge in file.edges.keys {
            guard let screen = definition.screen(named: edge.from) else { continue }
            let to = screen.routes.edge(to: edge.to) != nil || !screen.routes.allowsAny ? edge.to : NavGraph.anyID
            ids.insert(GraphEdge(from: edge.from, to: to, kind: .route).id)
        }
        return ids
    }

    /// A screen's path expanded (none without a path or with an invalid one).
    static func expansions(of screen: ScreenDefinition) -> [PathPattern] {
        guard let path = screen.path else { return [] }
        return (try? PathPattern.expand(path)) ?? []
    }

    public var covered: Int { parts.reduce(0) { $0 + $1.covered } }
    public var total: Int { parts.reduce(0) { $0 + $1.total } }
    /// All parts together, rounded down (what `--fail-under` compares).
    public var percent: Int { total == 0 ? 100 : covered * 100 / total }

    /// Whether the total reaches `percent` (exactly, not the rounded figure).
    public func reaches(_ percent: Int) -> Bool { covered * 100 >= percent * total }

    /// `screens 14/17 82%  edges 21/30 70%  …  total 78%`.
    public var summaryLine: String {
        (parts.map { "\($0.name) \($0.covered)/\($0.total) \($0.percent)%" } + ["total \(percent)%"]).joined(separator: "  ")
    }

    /// The summary, then what was never reached, one kind per line.
    public var text: String {
        var lines = ["\(app): \(runs) run\(runs == 1 ? "" : "s")", summaryLine]
        let missed = parts.filter { !$0.missed.isEmpty }
        if !missed.isEmpty {
            lines.append("never reached:")
            for part in missed { lines.append("  \(part.name): " + part.missed.joined(separator: ", ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `{app, runs, covered, total, percent, parts: {NAME: {covered, total, percent, missed}}}`.
    public var jsonValue: JSONValue {
        var partsObject = JSONObject()
        for part in parts {
            partsObject[part.name] = [
                "covered": .int(part.covered), "total": .int(part.total), "percent": .int(part.percent),
                "missed": .array(part.missed.map(JSONValue.string)),
            ]
        }
        return [
            "app": .string(app), "runs": .int(runs), "covered": .int(covered), "total": .int(total),
            "percent": .int(percent), "parts": .object(partsObject),
        ]
    }
}
