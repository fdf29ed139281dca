import NavJSON
/// A loaded app definition (docs/app-definition.md): flows, screens, transitions, deep-link settings.
///
/// Collections keep definition order (it breaks deep-link ties) and are indexed by name.
/// Screen and flow names share one namespace. A value of this type has been decoded but is
/// only known to be sound after `validate()` reports no error; `AppDefinition.load` does both.
public struct AppDefinition: Sendable {
    public var app: String
    public var schemes: [String]
    public var hosts: [String]
    public var root: String
    public private(set) var flows: [FlowDefinition]
    public private(set) var screens: [ScreenDefinition]
    public private(set) var transitions: [TransitionDefinition]
    public var notFound: String?
    public private(set) var guards: [GuardDefinition]
    /// Declared routing events, in definition order (`events`).
    public private(set) var events: [EventDefinition]
    /// The JSON the definition was decoded from (`routes.list` returns it).
    public var source: JSONValue

    private var flowIndex: [String: Int] = [:]
    private var screenIndex: [String: Int] = [:]
    private var transitionIndex: [String: Int] = [:]
    private var eventIndex: [String: Int] = [:]

    public init(
        app: String, schemes: [String] = [], hosts: [String] = [], root: String,
        flows: [FlowDefinition], screens: [ScreenDefinition],
        transitions: [TransitionDefinition] = [], notFound: String? = nil,
        guards: [GuardDefinition] = [], events: [EventDefinition] = [], source: JSONValue = .null
    ) {
        self.app = app
        self.schemes = schemes
        self.hosts = hosts
        self.root = root
        self.flows = flows
        self.screens = screens
        self.transitions = transitions
        self.notFound = notFound
        self.guards = guards
        self.events = events
        for (i, event) in events.enumerated() where eventIndex[event.name] == nil { eventIndex[event.name] = i }
        self.source = source
        for (i, flow) in flows.enumerated() where flowIndex[flow.name] == nil { flowIndex[flow.name] = i }
        for (i, screen) in screens.enumerated() where screenIndex[screen.name] == nil { screenIndex[screen.name] = i }
        for (i, transition) in transitions.enumerated() where transitionIndex[transition.name] == nil {
            transitionIndex[transition.name] = i
        }
    }

    public func flow(named name: String) -> FlowDefinition? {
        flowIndex[name].map { flows[$0] }
    }

    public func screen(named name: String) -> ScreenDefinition? {
        screenIndex[name].map { screens[$0] }
    }

    public func event(named name: String) -> EventDefinition? {
        eventIndex[name].map { events[$0] }
    }

    public func transition(named name: String) -> TransitionDefinition? {
        transitionIndex[name].map { transitions[$0] }
    }

    /// Every screen and flow name, screens first, in definition order: what `to` may name.
    public var destinationNames: [String] { screens.map(\.name) + flows.map(\.name) }

    /// Position of a screen in definition order (deep-link tie break).
    public func order(ofScreen name: String) -> Int? { screenIndex[name] }

    public enum Destination: Sendable {
        case screen(ScreenDefinition)
        case flow(FlowDefinition)
    }

    /// A screen or flow of that name (they share one namespace; a screen wins if both exist,
    /// which validation reports as an error).
    public func destination(named name: String) -> Destination? {
        if let screen = screen(named: name) { return .screen(screen) }
        if let flow = flow(named: name) { return .flow(flow) }
        return nil
    }

    /// The flows whose root screen is `screen`, in definition order.
    public func flows(rootedAt screen: String) -> [FlowDefinition] {
        flows.filter { $0.rootScreen == screen }
    }
}
