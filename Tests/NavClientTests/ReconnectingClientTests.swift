import NavClient
import NavigationCore
import Testing
import NavJSON

/// A connection that plays back notifications, then ends like a navd that went away.
final class PlaybackConnection: NavConnection {
    let socketPath = "/tmp/fake/navd.sock"
    let clientID: String?
    var notifications: [ServerNotification]
    var calls: [String] = []
    var closed = false

    init(id: String, notifications: [ServerNotification]) {
        self.clientID = id
        self.notifications = notifications
    }

    func call(_ method: String, _ params: JSONValue, timeout: Double?) throws(NavClientError) -> JSONValue {
        calls.append(method)
        if method == "nav.subscribe" { return ["revision": .int(calls.count), "instance": .string(clientID ?? "")] }
        if notifications.isEmpty { throw .disconnected("navd closed the connection") }
        return [:]
    }

    func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification? {
        if notifications.isEmpty { throw .disconnected("navd closed the connection") }
        return notifications.removeFirst()
    }

    func close() { closed = true }
}

@Suite("ReconnectingClient: reconnects with backoff, says hello and subscribes again")
struct ReconnectingClientTests {
    static func changed(_ revision: Int) -> ServerNotification {
        ServerNotification(method: "nav.changed", params: ["revision": .int(revision)])
    }

    @Test func eventsAcrossARestart() throws {
        var sleeps: [Double] = []
        var connects = 0
        var made: [PlaybackConnection] = []
        let client = ReconnectingClient(
            socketPath: "/tmp/fake/navd.sock", name: "viewer", backoff: Backoff(initial: 0.1, maximum: 0.3),
            sleep: { sleeps.append($0) },
            connector: { path, name throws(NavClientError) in
                connects += 1
                #expect(path == "/tmp/fake/navd.sock")
                #expect(name == "viewer")
                // The first connection plays two changes; then navd is away for three attempts.
                if connects >= 2 && connects <= 4 { throw .unreachable(path: path, reason: "Connection refused") }
                let connection = PlaybackConnection(
                    id: "c\(connects)", notifications: connects == 1 ? [Self.changed(2), Self.changed(3)] : [Self.changed(1)])
                made.append(connection)
                return connection
            },
            setup: { connection throws(NavClientError) in try connection.call("nav.subscribe", [:], timeout: 1) })

        var seen: [String] = []
        while seen.count < 6 {
            switch try client.nextEvent(timeout: 1) {
            case .connected(let setup)?: seen.append("connected \(setup["instance"]?.stringValue ?? "")")
            case .notification(let notification)?: seen.append("r\(notification.params["revision"]?.intValue ?? 0)")
            case .disconnected(let reason)?: seen.append("lost: \(reason)")
            case nil: seen.append("nothing")
            }
        }
        #expect(seen == ["connected c1", "r2", "r3", "lost: navd closed the connection", "connected c5", "r1"])
        #expect(sleeps == [0.1, 0.2, 0.3])
        #expect(client.connections == 2)
        #expect(made.map(\.calls) == [["nav.subscribe"], ["nav.subscribe"]])
        #expect(made[0].closed)
        #expect(client.clientID == "c5")
    }

    @Test func aCallThatLosesItsConnectionIsNotRepeated() throws {
        var connects = 0
        let client = ReconnectingClient(
            name: "ctl", sleep: { _ in },
            connector: { _, _ throws(NavClientError) in
                connects += 1
                return PlaybackConnection(id: "c\(connects)", notifications: [])
            },
            setup: { _ in })
        do {
            _ = try client.call("nav.route", ["to": "post"], timeout: 1)
            Issue.record("a call on a dropped connection succeeded")
        } catch {
            guard case .disconnected = error else { Issue.record("unexpected \(error)"); return }
        }
        #expect(connects == 1)
        #expect(!client.isConnected)
        _ = try? client.call("nav.state", [:], timeout: 1)
        #expect(connects == 2)
    }

    @Test func aSetupErrorIsThrownAndClosesTheConnection() {
        var made: [PlaybackConnection] = []
        let client = ReconnectingClient<Void>(
            name: "viewer", sleep: { _ in Issue.record("retried a daemon's error") },
            connector: { _, _ throws(NavClientError) in
                let connection = PlaybackConnection(id: "c1", notifications: [])
                made.append(connection)
                return connection
            },
            setup: { _ throws(NavClientError) in
                throw .rpc(RPCError(code: .invalidParams, message: "no", data: ["reason": "invalidParams"]))
            })
        #expect(throws: NavClientError.self) { try client.connect() }
        #expect(made.count == 1)
        #expect(made.first?.closed == true)
    }
}
