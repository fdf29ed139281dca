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
    /// The session flags its `requires` names, as indices into the session's flags: empty for
    /// an unguarded screen, so that opening one costs one test of an empty array.
    let requires: [Int]
    /// `!requires.isEmpty`, read where a route opens it.
    let isGuarded: Bool

    init(definition: ScreenDefinition, defaultTransition: AppliedTransition, edges: [Edge], requires: [Int]) {
        self.definition = definition
        self.defaultTransition = defaultTransition
        self.edges = edges
        self.requires = requires
        self.isGuarded = !requires.isEmpty
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
    /// The session flags the screens it opens with require (a stack flow's root; every tab's
    /// for a tabs flow), as indices into the session's flags.
    let requires: [Int]
    /// `!requires.isEmpty`.
    let isGuarded: Bool

    init(definition: FlowDefinition, defaultTransition: AppliedTransition, requires: [Int]) {
        self.definition = definition
        self.defaultTransition = defaultTransition
        self.requires = requires
        self.isGuarded = !requires.isEmpty
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

    var name: String {
        switch self {
        case .screen(let screen): return screen.name
        case .flow(let flow): return flow.definition.name
        }
    }

    /// Whether opening it requires a session flag: one load, for every route.
    var isGuarded: Bool {
        switch self {
        case .screen(let screen): return screen.isGuarded
        case .flow(let flow): return flow.isGuarded
        }
    }

    /// The session flags opening it requires (`ResolvedScreen.requires`).
    var requires: [Int] {
        switch self {
        case .screen(let screen): return screen.requires
        case .flow(let flow): return flow.requires
        }
    }
}
