public import NavJSON
public import NavProtocol

/// What a listener answers navd's `event.handle`.
public enum EventHandleAnswer: Sendable, Hashable {
    /// `{steps: [STEP…]}`: the steps, as `nav.apply` ops, that handle the event; `[]` means
    /// "not mine".
    case steps([JSONValue])
    /// An error object: navd skips this listener (`skipped` reason `error`).
    case error(RPCErrorCode, message: String)
}

/// Answers navd's `event.handle`. Runs on the thread that reads the connection, while a call
/// or `nextNotification` waits: it may make calls of its own on the same connection.
public typealias EventHandleResponder = (EventHandleRequest) -> EventHandleAnswer

/// A connection that can answer the requests navd sends it (JSON-RPC lets a server call its
/// client, as LSP servers do): `event.handle`, once a handler is given. A request without a
/// handler (or of a method navd does not document) is answered `methodNotFound`.
public protocol ServerRequestAnswering: AnyObject {
    /// Answers every `event.handle` from now on with `handler`.
    func handleEvents(with handler: @escaping EventHandleResponder)
}
