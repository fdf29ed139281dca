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
    /// The session flags: every guard's name, then names `requires` lists that no guard has
    /// (validation refuses those, but an unvalidated definition still boots its flags), in
    /// definition order. A flag's index is its place here.
    let flagNames: [String]
    private let flagIndex: [String: Int]
    /// Each guard by its flag's index (`nil`: a name `requires` lists without a guard).
    let guards: [GuardDefinition?]

    init(definition: AppDefinition, limits: NavigationLimits, matcher: DeepLinkMatcher) {
        self.definition = definition
        self.limits = limits
        self.matcher = matcher
        func transition(_ name: String?) -> AppliedTransition? {
            name.flatMap { Self.transition(named: $0, in: definition) }
        }
        var names: [String] = []
        var index: [String: Int] = [:]
        for name in definition.guards.map(\.name) + definition.screens.flatMap(\.requires) where index[name] == nil {
            index[name] = names.count
            names.append(name)
        }
        flagNames = names
        flagIndex = index
        let guardsByName = Dictionary(definition.guards.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        guards = names.map { guardsByName[$0] }
        func requires(_ screen: ScreenDefinition?) -> [Int] {
            var flags: [Int] = []
            for name in screen?.requires ?? [] where !flags.contains(index[name]!) { flags.append(index[name]!) }
            return flags
        }
        screens = NameTable(definition.screens.map { screen in
            (screen.name, ResolvedScreen(
                definition: screen,
                defaultTransition: transition(screen.transition) ?? AppliedTransition(kind: .push),
                edges: screen.routes.edges.map { ResolvedScreen.Edge(to: $0.to, transition: transition($0.transition)) },
                requires: requires(screen)))
        })
        /// The flags the screens a flow opens with require: its root's, or every tab's.
        func flowRequires(_ flow: FlowDefinition, depth: Int = 0) -> [Int] {
            switch flow.kind {
            case .stack(let root):
                return requires(definition.screen(named: root))
            case .tabs(let tabs, _):
                guard depth < 2 else { return [] }
                var flags: [Int] = []
                for tab in tabs {
                    guard let tabFlow = definition.flow(named: tab) else { continue }
                    for flag in flowRequires(tabFlow, depth: depth + 1) where !flags.contains(flag) { flags.append(flag) }
                }
                return flags
            }
        }
        flows = NameTable(definition.flows.map { flow in
            (flow.name, ResolvedFlow(
                definition: flow, defaultTransition: transition(flow.transition) ?? AppliedTransition(kind: .modal),
                requires: flowRequires(flow)))
        })
    }

    /// The index of a session flag.
    func flag(named name: String) -> Int? { flagIndex[name] }

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
