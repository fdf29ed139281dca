internal import NavClient
internal import NavviewKit

/// navweb's one subscription to navd, on a thread of its own: it follows navd as navview does
/// (a `ReconnectingClient` that subscribes with trees and events on every connection, the
/// `baseRevision` chain kept by navview's `ViewerModel`, `nav.state` again after a gap) and
/// publishes every state and change to the `PageHub`, which never makes it wait for a page.
public final class NavdFollower {
    private let client: ReconnectingClient<NavStateView>
    private let hub: PageHub
    private let backoff = Backoff.viewer
    private var model = ViewerModel(capacity: 1)
    private var failures = 0

    public init(socketPath: String?, hub: PageHub) {
        self.hub = hub
        client = ReconnectingClient(
            socketPath: socketPath, name: "navweb", backoff: Backoff(maxAttempts: 1),
            setup: { connection throws(NavClientError) in
                try connection.subscribe(tree: true, events: true, timeout: 10)
            })
    }

    public var socketPath: String { client.socketPath }

    /// Follows navd until the process ends.
    public func run() -> Never {
        while true {
            do {
                guard let event = try client.nextEvent(timeout: nil) else { continue }
                failures = 0
                handle(event)
            } catch {
                if client.isConnected {
                    client.close()
                }
                hub.publishStatus(connected: false, note: "navd at \(client.socketPath): \(error); retrying")
                failures += 1
                Backoff.sleep(backoff.delay(afterFailures: failures))
            }
        }
    }

    private func handle(_ event: ReconnectingClient<NavStateView>.Event) {
        switch event {
        case .connected(let state):
            let previous = model.state
            model.subscribed(state)
            let note: String
            if let previous, previous.instance != state.instance {
                note = "connected to a new navd instance \(state.instance)"
            } else if previous != nil {
                note = "reconnected to navd (instance \(state.instance))"
            } else {
                note = "subscribed to navd (instance \(state.instance))"
            }
            hub.publishState(PageMessage.state(state, note: note))
        case .notification(let notification):
            received(notification)
        case .disconnected(let reason):
            model.disconnected(reason)
            hub.publishStatus(connected: false, note: "disconnected from navd (\(reason)); retrying")
        }
    }

    private func received(_ notification: ServerNotification) {
        let changed: NavChangedView
        do {
            switch try NavNotification(notification) {
            case .navChanged(let view): changed = view
            case .daemonShutdown(let reason):
                hub.publishStatus(connected: false, note: "navd is shutting down (\(reason ?? "no reason given")); will reconnect")
                return
            case .eventsDropped, .other: return
            }
        } catch {
            refetch(model.unreadable(error))
            return
        }
        let base = model.state?.revision ?? 0
        let outcome = model.changed(changed)
        switch outcome {
        case .applied:
            guard let state = model.state else { return }
            var lines: [EventLine] = []
            if changed.truncated, let first = changed.changes.first, first.revision > base + 1 {
                // navd's slow-subscriber rule: navweb fell behind, the older events were left out.
                lines.append(.warning("navd left out the events of r\(base + 1)–r\(first.revision - 1): navweb fell behind (the tree is whole)"))
            }
            for change in changed.changes where change.revision > base {
                lines.append(.revision(change.revision, cause: change.cause))
                for event in change.events ?? [] { lines.append(.event(event)) }
            }
            hub.publishChange(
                PageMessage.change(state, baseRevision: base, events: lines),
                state: PageMessage.state(state, note: "revision \(state.revision)"))
        case .stale:
            break
        case .refetch:
            refetch(outcome)
        }
    }

    private func refetch(_ outcome: ViewerModel.Outcome) {
        guard case .refetch(let reason) = outcome else { return }
        do {
            let state = try client.state(timeout: 10)
            model.refetched(state)
            hub.publishState(PageMessage.state(state, note: "re-fetched: \(reason)"))
        } catch {
            client.close()
            hub.publishStatus(connected: false, note: "navd: \(error); reconnecting")
        }
    }
}
