import NavJSON
/// A lifecycle event of one committed change (docs/operations.md).
public enum NavEvent: Sendable, Hashable {
    /// The old top screen is about to be covered or removed.
    case willHide(ScreenRef)
    /// A screen was removed; `via` is the transition being reversed.
    case exit(ScreenRef, via: EventVia?)
    /// A flow instance ended; `result` is what `flow.finish` passed (null otherwise).
    case flowFinished(flow: FlowID, name: String?, result: JSONValue)
    /// A tabs flow selected another tab.
    case tabSelected(flow: FlowID, tab: Int, name: String?)
    /// A flow instance started (before the `enter` of its first screen).
    case flowStarted(flow: FlowID, name: String?)
    /// A screen was added; `via` is the transition that brought it, `nil` for boot roots.
    case enter(ScreenRef, via: EventVia?)
    /// The new top screen is about to show.
    case willShow(ScreenRef)
    /// A guard held the request (`method` as the caller named it) because `screen` requires
    /// `guardName`; always the last event of its revision.
    case pendingHeld(method: String, guardName: String, screen: String)
    /// The pending request (`method` as the caller named it) was dropped, and why.
    case pendingDropped(method: String, reason: PendingDropReason)

    public var type: String {
        switch self {
        case .willHide: return "willHide"
        case .exit: return "exit"
        case .flowFinished: return "flowFinished"
        case .tabSelected: return "tabSelected"
        case .flowStarted: return "flowStarted"
        case .enter: return "enter"
        case .willShow: return "willShow"
        case .pendingHeld: return "pendingHeld"
        case .pendingDropped: return "pendingDropped"
        }
    }
}

/// The screen an event is about.
public struct ScreenRef: Sendable, Hashable {
    public var screen: ScreenID
    /// The node's name and params and their text, shared with it (one reference).
    var text: ScreenText
    public var flow: FlowID

    init(_ node: ScreenNode) {
        self.init(screen: node.id, text: node.text, flow: node.flow)
    }

    init(screen: ScreenID, text: ScreenText, flow: FlowID) {
        self.screen = screen
        self.text = text
        self.flow = flow
    }

    init(screen: ScreenID, name: String, params: JSONObject, flow: FlowID) {
        self.init(screen: screen, text: ScreenText(name: name, params: params), flow: flow)
    }

    public var name: String { text.name }
    public var params: JSONObject { text.params }
}

/// A transition as an event carries it: what was applied and which way it ran.
public struct EventVia: Sendable, Hashable {
    public var transition: AppliedTransition
    public var direction: TransitionDirection
}
