/// A notification decoded by its `RPCNotification`: what a client program switches on.
public enum NavNotification: Sendable, Hashable {
    /// `nav.changed`: the revisions since the last one this connection was sent.
    case navChanged(NavChangedView)
    /// `daemon.shutdown`, with its reason when navd gave one.
    case daemonShutdown(reason: String?)
    /// A notification this client does not know, as it came.
    case other(ServerNotification)

    /// Throws when a documented notification does not have its documented shape.
    public init(_ notification: ServerNotification) throws(TreeDecodingError) {
        switch notification.kind {
        case .navChanged?: self = .navChanged(try NavChangedView(json: notification.params))
        case .daemonShutdown?: self = .daemonShutdown(reason: notification.params["reason"]?.stringValue)
        case nil: self = .other(notification)
        }
    }
}
