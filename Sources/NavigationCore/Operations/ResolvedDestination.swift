/// A screen of the definition with what routing from and to it needs, resolved at start.
final class ResolvedScreen: Sendable {
    /// An allowed destination with its transition override resolved (`nil`: none, or a name
    /// that resolves to no transition, which falls back to the destination's default).
    struct Edge: Sendable {
        var to: String
        var transition: AppliedTransition?
    }

    let definition: ScreenDefinition
    /// Its own `transition`, else push.
    let defaultTransition: AppliedTransition
    /// `routes.edges`, in order.
    let edges: [Edge]

    init(definition: ScreenDefinition, defaultTransition: AppliedTransition, edges: [Edge]) {
        self.definition = definition
        self.defaultTransition = defaultTransition
        self.edges = edges
    }

    var name: String { definition.name }

    /// Whether its routes allow `destination` (`RouteRules.allows`).
    func allows(_ destination: String) -> Bool {
        definition.routes.allowsAny || edges.contains { $0.to == destination }
    }

    /// The transition override of the first edge to `destination`, if it names one.
    func edgeTransition(to destination: String) -> AppliedTransition? {
        edges.first { $0.to == destination }?.transition
    }
}

/// A flow of the definition with its default transition resolved at start.
final class ResolvedFlow: Sendable {
    let definition: FlowDefinition
    /// Its own `transition`, else modal.
    let defaultTransition: AppliedTransition

    init(definition: FlowDefinition, defaultTransition: AppliedTransition) {
        self.definition = definition
        self.defaultTransition = defaultTransition
    }
}

/// What `nav.route` can open.
enum ResolvedDestination {
    case screen(ResolvedScreen)
    case flow(ResolvedFlow)

    var defaultTransition: AppliedTransition {
        switch self {
        case .screen(let screen): return screen.defaultTransition
        case .flow(let flow): return flow.defaultTransition
        }
    }
}
