public import NavClient
internal import NavviewKit

/// navweb's one subscription to navd, on a thread of its own: it follows navd as navview does
/// (a `ReconnectingClient` that subscribes with trees and events on every connection, the
/// `baseRevision` chain kept by navview's `ViewerModel`, `nav.state` again after a gap) and
/// publishes every state and change to the `PageHub`, which never makes it wait for a page.
///
/// Every revision reaches the pages with its cause and events, in order: when navd coalesced
/// changes and left the older ones' events out (`truncated`, its rule for a subscriber that
/// falls behind), or navweb fetched the state again after a gap or a reconnection to the same
/// navd, the revisions in between are read from `nav.history` (`MissingRevisions`) and sent
/// first, in the same change.
public final class NavdFollower {
    private let client: ReconnectingClient<NavStateView>
    private let hub: PageHub
    private let backoff = Backoff.viewer
    private var model = ViewerModel(capacity: 1)
    private var failures = 0

    /// `connector` opens a connection (tests give one without a navd).
    public init(
        socketPath: String?, hub: PageHub,
        connector: @escaping ReconnectingClient<NavStateView>.Connector = { path, name throws(NavClientError) in
            try NavClient(socketPath: path, name: name)
        }
    ) {
        self.hub = hub
        client = ReconnectingClient(
            socketPath: socketPath, name: "navweb", backoff: Backoff(maxAttempts: 1), connector: connector,
            setup: { connection throws(NavClientError) in
                try connection.subscribe(tree: true, events: true, timeout: 10)
            })
    }

    public var socketPath: String { client.socketPath }

    /// Follows navd until the process ends.
    public func run() -> Never {
        while true {
            if let delay = step(timeout: nil) { Backoff.sleep(delay) }
        }
    }

    /// Waits up to `timeout` seconds (nil: for ever) for what navd does next and publishes
    /// it. After a failure (navd unreachable), the seconds to wait before the next step.
    @discardableResult
    public func step(timeout: Double?) -> Double? {
        do {
            guard let event = try client.nextEvent(timeout: timeout) else { return nil }
            failures = 0
            handle(event)
            return nil
        } catch {
            if client.isConnected {
                client.close()
            }
            hub.publishStatus(connected: false, note: "navd at \(client.socketPath): \(error); retrying")
            failures += 1
            return backoff.delay(afterFailures: failures)
        }
    }

    private func handle(_ event: ReconnectingClient<NavStateView>.Event) {
        switch event {
        case .connected(let state):
            let previous = model.state
            let note =
                switch model.subscribed(state) {
                case .newInstance: "connected to a new navd instance \(state.instance)"
                case .reconnected: "reconnected to navd (instance \(state.instance))"
                case .first: "subscribed to navd (instance \(state.instance))"
                }
            publish(state, after: previous, note: note)
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
            let listed = changed.changes.filter { $0.revision > base }
            // What navd left out of a coalesced update (`truncated`) comes from the history.
            let firstListed = listed.first?.revision ?? state.revision + 1
            var lines = firstListed > base + 1 ? MissingRevisions.lines(base + 1...firstListed - 1, from: client) : []
            for change in listed {
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
            let previous = model.state
            model.refetched(state)
            publish(state, after: previous, note: "re-fetched: \(reason)")
        } catch {
            client.close()
            hub.publishStatus(connected: false, note: "navd: \(error); reconnecting")
        }
    }

    /// A state navweb fetched (a subscription, a re-fetch). After `previous` of the same navd
    /// instance, pages get it as a change from `previous` with the revisions in between read
    /// from the history; the same revision again changes nothing; otherwise (the first state,
    /// a new instance) pages start over from it.
    private func publish(_ state: NavStateView, after previous: NavStateView?, note: String) {
        guard let previous, previous.instance == state.instance, state.revision >= previous.revision else {
            hub.publishState(PageMessage.state(state, note: note))
            return
        }
        guard state.revision > previous.revision else {
            hub.publishStatus(connected: true, note: "\(note) at r\(state.revision), as shown")
            return
        }
        let lines = [EventLine.note(note)] + MissingRevisions.lines(previous.revision + 1...state.revision, from: client)
        hub.publishChange(
            PageMessage.change(state, baseRevision: previous.revision, events: lines),
            state: PageMessage.state(state, note: "revision \(state.revision)"))
    }
}
