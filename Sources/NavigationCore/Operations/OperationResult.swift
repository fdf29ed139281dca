import NavJSON
/// What a committed (or refused-as-no-op) operation did.
public struct OperationResult: Sendable, Hashable {
    /// The revision after the operation (unchanged when `noop`).
    public var revision: Int
    /// The ordered lifecycle events of the revision (empty when `noop`).
    public var events: [NavEvent]
    /// Nothing changed, no revision was made.
    public var noop: Bool
    public var detail: Detail

    public enum Detail: Sendable, Hashable {
        case route(RouteOutcome)
        case close(closed: [ScreenID], finished: [FlowID])
        case plain
        case apply([OperationResult])
        case deeplink(DeepLinkOutcome)
        /// A guard held the request; its redirect opened (docs/guards.md). Boxed: the
        /// request is big and rare, and every result is copied.
        indirect case held(PendingRequest)
    }

    /// Whether the revision held or dropped a request: the session changed. Those events are
    /// always a revision's last (docs/guards.md), so the last event says.
    public var changedPending: Bool {
        switch events.last {
        case .pendingHeld?, .pendingDropped?: return true
        default: return false
        }
    }
}

/// What `nav.route` opened.
public struct RouteOutcome: Sendable, Hashable {
    /// The screen opened (for a flow, its root screen; for a `singleTop` no-op, the top).
    public var screen: ScreenID?
    /// The flow instance started, or the anonymous container presented.
    public var flow: FlowID?
    /// The transition applied; `nil` when nothing was opened.
    public var via: AppliedTransition?
}
