internal import Glibc
internal import NavClient
internal import NavigationCore

/// navview's connection to navd: a `ReconnectingClient` that subscribes (`tree: true`) on
/// every connection, makes one attempt at a time, and leaves the waiting between attempts
/// (`Backoff.viewer`: 0.1 s doubling to 5 s) to the caller's loop, so that keys, resizes and
/// signals are still handled while navd is away.
final class NavdLink {
    typealias Event = ReconnectingClient<NavStateView>.Event

    let client: ReconnectingClient<NavStateView>
    let backoff = Backoff.viewer
    /// Failed attempts since the last connection (or since the start).
    private(set) var failures = 0
    /// When the next attempt is due (monotonic seconds); only meaningful while disconnected.
    private(set) var nextAttempt = 0.0
    private let latest = LatestConnection()

    init(socketPath: String?) {
        let latest = self.latest
        client = ReconnectingClient(
            socketPath: socketPath, name: "navview", backoff: Backoff(maxAttempts: 1),
            connector: { path, name throws(NavClientError) in
                let connection = try NavClient(socketPath: path, name: name)
                latest.client = connection
                return connection
            },
            setup: { connection throws(NavClientError) in
                try connection.subscribe(tree: true, events: true, timeout: 10)
            })
    }

    var socketPath: String { client.socketPath }
    var isConnected: Bool { client.isConnected }

    /// The live connection's socket for `poll`, or -1 (which `poll` skips).
    var fileDescriptor: Int32 {
        guard client.isConnected, let connection = latest.client, connection.isConnected else { return -1 }
        return connection.fileDescriptor
    }

    var attemptIsDue: Bool { isConnected || Self.now() >= nextAttempt }

    /// The next thing that happened, without waiting (`timeout` 0) unless `timeout` says so;
    /// while disconnected, one connection attempt when it is due. A failed attempt is counted
    /// and scheduled, and thrown.
    func nextEvent(timeout: Double?) throws(NavClientError) -> Event? {
        guard attemptIsDue else { return nil }
        do {
            let event = try client.nextEvent(timeout: timeout)
            if case .connected? = event { failures = 0 }
            if case .disconnected? = event { nextAttempt = Self.now() }
            return event
        } catch {
            if !client.isConnected {
                failures += 1
                nextAttempt = Self.now() + backoff.delay(afterFailures: failures)
            }
            throw error
        }
    }

    /// Ends the connection (after something navd sent could not be used); it counts as a
    /// failed attempt, so the next `nextEvent` reconnects after the backoff's wait.
    func drop() {
        client.close()
        failures += 1
        nextAttempt = Self.now() + backoff.delay(afterFailures: failures)
    }

    /// Seconds until the next attempt, when disconnected.
    var secondsUntilAttempt: Double? {
        isConnected ? nil : max(0, nextAttempt - Self.now())
    }

    static func now() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}

/// The connection the connector made last, for its descriptor.
private final class LatestConnection {
    var client: NavClient?
}
