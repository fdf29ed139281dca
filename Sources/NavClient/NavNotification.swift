/// A notification decoded by its `RPCNotification`: what a client program switches on.
public enum NavNotification: Sendable, Hashable {
    /// `nav.changed`: the revisions since the last one this connection was sent.
    case navChanged(NavChangedView)
    /// `daemon.shutdown`, with its reason when navd gave one.
    case daemonShutdown(reason: String?)
    /// `events.dropped`: navd stopped asking this listener about `events` (`reason`
    /// `"timeouts"`: three deadlines missed in a row); `events.listen` starts again.
    case eventsDropped(events: [String], reason: String)
    /// A notification this client does not know, as it came.
    case other(ServerNotification)

    /// Throws when a documented notification does not have its documented shape.
    public init(_ notification: ServerNotification) throws(ViewDecodingError) {
        switch notification.kind {
        case .navChanged?: self = .navChanged(try NavChangedView(json: notification.params))
        case .daemonShutdown?: self = .daemonShutdown(reason: notification.params["reason"]?.stringValue)
        case .eventsDropped?:
            let params = notification.params
            guard case .array(let list)? = params["events"], case .string(let reason)? = params["reason"] else {
                throw ViewDecodingError(path: "$.params", message: "events.dropped needs events (an array) and reason (a string)")
            }
            let events = list.compactMap(\.stringValue)
            guard events.count == list.count else {
                throw ViewDecodingError(path: "$.params.events", message: "every event is a name (a string)")
            }
            self = .eventsDropped(events: events, reason: reason)
        case nil: self = .other(notification)
        }
    }
}
