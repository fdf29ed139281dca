internal import NavigationCore
public import NavJSON

/// What a client program needs from a connection to navd: calls and the notifications that
/// arrive between them. `NavClient` is one; `ReconnectingClient` is one that survives a navd
/// restart; tests use an in-process one.
public protocol NavConnection: AnyObject {
    /// The socket this connection talks to (for messages and hints).
    var socketPath: String { get }
    /// This connection's id as navd knows it (`c3`), once `daemon.hello` answered.
    var clientID: String? { get }
    /// Calls a method and waits for its result (or the daemon's error).
    func call(_ method: String, _ params: JSONValue, timeout: Double?) throws(NavClientError) -> JSONValue
    /// The next notification, waiting up to `timeout` seconds (`nil`: forever); `nil` when none came.
    func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification?
    func close()
}

extension NavConnection {
    /// A call with the default 30 s timeout.
    public func call(_ method: String, _ params: JSONValue = [:]) throws(NavClientError) -> JSONValue {
        try call(method, params, timeout: 30)
    }
}

extension NavClient: NavConnection {}

extension NavClient: ServerRequestAnswering {
    public func handleEvents(with handler: @escaping EventHandleResponder) {
        eventHandler = handler
    }
}
