/// What every operation of one navigator reads and never changes: the definition, the
/// limits, the deep-link matcher, and the definition's screens, flows and transitions
/// resolved once at start, so that routing finds a destination with one lookup by name and
/// copies one reference. A class, so that copying the navigator copies one reference
/// instead of the whole definition.
final class NavigatorContext: Sendable {
    let definition: AppDefinition
    let limits: NavigationLimits
    let matcher: DeepLinkMatcher
    private let screens: NameTable<ResolvedScreen>
    private let flows: NameTable<ResolvedFlow>

    init(definition: AppDefinition, limits: NavigationLimits, matcher: DeepLinkMatcher) {
        self.definition = definition
        self.limits = limits
        self.matcher = matcher
        func transition(_ name: String?) -> AppliedTransition? {
            name.flatMap { Self.transition(named: $0, in: definition) }
        }
        screens = NameTable(definition.screens.map { screen in
            (screen.name, ResolvedScreen(
                definition: screen,
                defaultTransition: transition(screen.transition) ?? AppliedTransition(kind: .push),
                edges: screen.routes.edges.map { ResolvedScreen.Edge(to: $0.to, transition: transition($0.transition)) }))
        })
        flows = NameTable(definition.flows.map { flow in
            (flow.name, ResolvedFlow(definition: flow, defaultTransition: transition(flow.transition) ?? AppliedTransition(kind: .modal)))
        })
    }

    func screen(named name: String) -> ResolvedScreen? { screens[name] }

    func flow(named name: String) -> ResolvedFlow? { flows[name] }

    /// A screen or flow of that name (a screen wins, as `AppDefinition.destination(named:)`).
    func destination(named name: String) -> ResolvedDestination? {
        if let screen = screens[name] { return .screen(screen) }
        if let flow = flows[name] { return .flow(flow) }
        return nil
    }

    /// The transition a name means: a built-in kind, or a custom transition behaving as its
    /// base.
    func transition(named name: String) -> AppliedTransition? {
        Self.transition(named: name, in: definition)
    }

    private static func transition(named name: String, in definition: AppDefinition) -> AppliedTransition? {
        if let kind = TransitionKind(rawValue: name) { return AppliedTransition(kind: kind) }
        if let custom = definition.transition(named: name) {
            return AppliedTransition(kind: custom.base, name: custom.name, animator: custom.animator)
        }
        return nil
    }
}
