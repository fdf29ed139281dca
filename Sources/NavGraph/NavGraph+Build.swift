public import NavigationCore
internal import NavJSON
internal import NavProtocol

extension NavGraph {
    /// The graph of a definition (docs/graph.md). The definition should be valid
    /// (`AppDefinition.load`); names that resolve to nothing get no edge.
    public init(definition: AppDefinition) {
        let homes = ClusterHomes(definition: definition)
        var nodes: [GraphNode] = []
        for flow in definition.flows {
            switch flow.kind {
            case .stack(let root):
                nodes.append(GraphNode(id: flow.name, kind: .flow, flow: homes.tabsFlow[flow.name], rootScreen: root))
            case .tabs(let tabs, let initialTab):
                nodes.append(GraphNode(id: flow.name, kind: .tab, tabs: tabs, initialTab: initialTab))
            }
        }
        for screen in definition.screens {
            nodes.append(GraphNode(
                id: screen.name, kind: .screen, flow: homes.home[screen.name], path: screen.path, requires: screen.requires))
        }
        var edges = EdgeList()
        for screen in definition.screens {
            if screen.routes.allowsAny {
                edges.add(GraphEdge(from: screen.name, to: NavGraph.anyID, kind: .route))
            }
            for route in screen.routes.edges where definition.destination(named: route.to) != nil {
                edges.add(GraphEdge(
                    from: screen.name, to: route.to, kind: .route,
                    transition: route.transition ?? Self.defaultTransition(of: route.to, in: definition)))
            }
        }
        for flow in definition.flows {
            if case .tabs(let tabs, _) = flow.kind {
                for tab in tabs where definition.flow(named: tab) != nil {
                    edges.add(GraphEdge(from: flow.name, to: tab, kind: .tab))
                }
            }
        }
        for screen in definition.screens {
            if let path = screen.path {
                edges.add(GraphEdge(from: NavGraph.urlID, to: screen.name, kind: .deeplink, label: path))
            }
        }
        let guards = Dictionary(definition.guards.map { ($0.name, $0.redirect) }, uniquingKeysWith: { first, _ in first })
        for screen in definition.screens {
            for name in screen.requires {
                guard let redirect = guards[name], definition.destination(named: redirect) != nil else { continue }
                edges.add(GraphEdge(from: screen.name, to: redirect, kind: .redirect, label: name))
            }
        }
        let matcher = try? DeepLinkMatcher(definition: definition)
        for event in definition.events {
            for destination in Self.destinations(of: event, in: definition, matcher: matcher) {
                edges.add(GraphEdge(from: NavGraph.eventID(event.name), to: destination, kind: .event, label: event.name))
            }
        }
        if edges.list.contains(where: { $0.to == NavGraph.anyID }) {
            nodes.append(GraphNode(id: NavGraph.anyID, kind: .any))
        }
        if definition.screens.contains(where: { $0.path != nil }) {
            nodes.append(GraphNode(id: NavGraph.urlID, kind: .url))
        }
        for event in definition.events {
            nodes.append(GraphNode(id: NavGraph.eventID(event.name), kind: .event))
        }
        self.init(app: definition.app, root: definition.root, nodes: nodes, edges: edges.list)
    }

    /// How a destination opens when a route names no transition: the screen's own (push when it
    /// has none) or the flow's (modal when it has none).
    static func defaultTransition(of destination: String, in definition: AppDefinition) -> String {
        switch definition.destination(named: destination) {
        case .screen(let screen)?: return screen.transition ?? TransitionKind.push.rawValue
        case .flow(let flow)?: return flow.transition ?? TransitionKind.modal.rawValue
        case nil: return TransitionKind.push.rawValue
        }
    }

    /// What an event's steps open, in step order: a route's destination, the screen a deep
    /// link's URL leads to (filled with an example payload of the declared types, so
    /// `social://chats/{chatId}` resolves as a link would), a tab selected by name.
    static func destinations(of event: EventDefinition, in definition: AppDefinition, matcher: DeepLinkMatcher?) -> [String] {
        var destinations: [String] = []
        for step in event.substitutedSteps(event.examplePayload) {
            switch RPCMethod(rawValue: step.method) {
            case .navRoute?:
                if let to = step.params["to"]?.stringValue, definition.destination(named: to) != nil { destinations.append(to) }
            case .navSelectTab?:
                if let tab = step.params["tab"]?.stringValue, definition.flow(named: tab) != nil { destinations.append(tab) }
            case .navDeeplink?:
                guard let url = step.params["url"]?.stringValue, let matcher,
                    let parsed = try? DeepLinkURL.parse(url, schemes: definition.schemes, hosts: definition.hosts)
                else { continue }
                if let match = matcher.bestMatch(parsed.segments[...]) {
                    destinations.append(match.screen)
                } else if let notFound = definition.notFound {
                    destinations.append(notFound)
                }
            default:
                continue
            }
        }
        return destinations
    }
}

/// Edges in the order added, each (kind, from, to) once: a second route to the same
/// destination (which check warns about) or a guard named twice adds nothing.
private struct EdgeList {
    var list: [GraphEdge] = []
    var seen: Set<String> = []

    mutating func add(_ edge: GraphEdge) {
        if seen.insert(edge.id).inserted { list.append(edge) }
    }
}
