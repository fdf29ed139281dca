internal import NavProtocol
internal import NavigationCore
public import NavJSON

/// A connection to navd that comes back: when navd is not there yet, or goes away (a
/// restart), the next use reconnects with `backoff`, says `daemon.hello` again and re-runs
/// `setup` (a viewer's `nav.subscribe`), whose `Snapshot` the `.connected` event carries. What
/// happened reaches the program as `Event`s, so a viewer can redraw from the new snapshot
/// instead of trusting what it had.
///
/// A call is never repeated on its own: a mutation that lost its connection may or may not
/// have committed, so `call` throws `.disconnected` and the next call reconnects.
/// Not thread-safe: one thread uses it.
public final class ReconnectingClient<Snapshot: Sendable>: NavConnection {
    public enum Event: Sendable {
        /// A connection (the first or a new one) is up; `setup` is what `setup` returned.
        case connected(setup: Snapshot)
        case notification(ServerNotification)
        /// The connection ended; the next `nextEvent` reconnects.
        case disconnected(reason: String)
    }

    public typealias Connector = (_ socketPath: String, _ name: String) throws(NavClientError) -> any NavConnection
    public typealias Setup = (any NavConnection) throws(NavClientError) -> Snapshot

    public let socketPath: String
    public let name: String
    public let backoff: Backoff
    /// Hears each failed attempt and the wait before the next one.
    public var willRetry: (NavClientError, Double) -> Void = { _, _ in }
    /// How many connections were made so far.
    public private(set) var connections = 0

    private let connector: Connector
    private let setup: Setup
    private let sleep: (Double) -> Void
    private var client: (any NavConnection)?
    private var pending: [Event] = []

    public init(
        socketPath: String? = nil, name: String, backoff: Backoff = .viewer,
        sleep: @escaping (Double) -> Void = Backoff.sleep,
        connector: @escaping Connector = { path, name throws(NavClientError) in try NavClient(socketPath: path, name: name) },
        setup: @escaping Setup
    ) {
        self.socketPath = SocketLocation.resolve(override: socketPath)
        self.name = name
        self.backoff = backoff
        self.sleep = sleep
        self.connector = connector
        self.setup = setup
    }

    public var clientID: String? { client?.clientID }
    /// Whether a connection is up (as far as its last use showed).
    public var isConnected: Bool { client != nil }

    /// The live connection; without one, connects first (retrying with `backoff`) and queues
    /// a `.connected` event.
    @discardableResult
    public func connect() throws(NavClientError) -> any NavConnection {
        if let client { return client }
        let (path, name, connector, setup) = (socketPath, self.name, self.connector, self.setup)
        let (connected, setupResult) = try backoff.retry(sleep: sleep, willRetry: willRetry) { _ throws(NavClientError) in
            let client = try connector(path, name)
            do throws(NavClientError) {
                return (client, try setup(client))
            } catch {
                client.close()
                throw error
            }
        }
        client = connected
        connections += 1
        pending.append(.connected(setup: setupResult))
        return connected
    }

    /// The next thing that happened: a queued event, else a notification read within
    /// `timeout` seconds (`nil` when none came). Reconnects first when disconnected.
    public func nextEvent(timeout: Double?) throws(NavClientError) -> Event? {
        if pending.isEmpty { try connect() }
        if !pending.isEmpty { return pending.removeFirst() }
        guard let client else { return nil }
        do {
            return try client.nextNotification(timeout: timeout).map(Event.notification)
        } catch {
            guard case .disconnected(let reason) = error else { throw error }
            drop()
            return .disconnected(reason: reason)
        }
    }

    public func call(_ method: String, _ params: JSONValue, timeout: Double?) throws(NavClientError) -> JSONValue {
        let client = try connect()
        do {
            return try client.call(method, params, timeout: timeout)
        } catch {
            if case .disconnected = error { drop() }
            throw error
        }
    }

    /// Notifications only (connection events are left out); `.disconnected` is thrown.
    public func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification? {
        while true {
            switch try nextEvent(timeout: timeout) {
            case .notification(let notification)?: return notification
            case .connected?: continue
            case .disconnected(let reason)?: throw .disconnected(reason)
            case nil: return nil
            }
        }
    }

    public func close() {
        drop()
        pending.removeAll()
    }

    private func drop() {
        client?.close()
        client = nil
    }
}
