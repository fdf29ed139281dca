import NavigationCore
import NavProtocol

/// What `EventQueue` asks the server to do, in order (`NavServer.perform(_:into:)`).
enum EventAction {
    /// Send each listener `event.handle` about `emit` with its request id.
    case ask(PendingEmit, [(listener: ClientID, requestID: String)])
    /// The emit's turn is decided: apply the steps of `handler` (a listener's, or the
    /// definition's), answer the emitter; `skipped` lists the listeners passed over.
    case handle(PendingEmit, handler: EventHandler, skipped: [SkippedListener])
    /// Answer the emitter with an error; nothing is applied.
    case refuse(PendingEmit, RPCFailure)
    /// The emitter's lines kept behind its emit run now, in order. Afterwards the server calls
    /// `EventQueue.released(now:)` for what comes next.
    case release(ClientID)
    /// The listener stops being asked (three deadlines missed in a row): send it
    /// `events.dropped {events, reason}`.
    case drop(ClientID, events: Set<String>)
}

/// Who handles a decided event.
enum EventHandler {
    case listener(ClientID, ListenerSteps)
    /// The definition's steps; none: `handled: false`.
    case definition
}
