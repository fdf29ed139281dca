public import NavClient

extension ViewerModel {
    /// What a notification asks of a viewer once the model took it in.
    public enum Notice: Sendable, Hashable {
        /// A `nav.changed`, applied (or not) as the outcome says.
        case changed(Outcome)
        /// navd is stopping: the connection drops and is made again.
        case shutdown(reason: String)
        /// A notification a viewer does not show.
        case ignored
    }

    /// Takes in a notification, the one way both viewers read them: a `nav.changed` moves the
    /// tree (one that cannot be read asks for a re-fetch), a `daemon.shutdown` says why.
    public mutating func received(_ notification: ServerNotification) -> Notice {
        do {
            switch try NavNotification(notification) {
            case .navChanged(let changed): return .changed(self.changed(changed))
            case .daemonShutdown(let reason): return .shutdown(reason: reason ?? "no reason given")
            case .eventsDropped, .other: return .ignored
            }
        } catch {
            return .changed(unreadable(error))
        }
    }
}
