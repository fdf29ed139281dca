public import NavJSON

/// What a client answers a request navd sent it (`event.handle`): a result, or an error
/// object (`{code, message}`).
public enum ServerRequestAnswer: Sendable, Hashable {
    case result(JSONValue)
    case error(code: Int, message: String)
}

/// Answers a server request's params. Runs on the thread that reads the connection, while a
/// call or `nextNotification` waits: it may make calls of its own on the same connection.
public typealias ServerRequestHandler = (_ params: JSONValue) -> ServerRequestAnswer

/// A connection that can answer the requests navd sends it (JSON-RPC lets a server call its
/// client, as LSP servers do): one handler per method. A request of a method without a
/// handler is answered `-32601`.
public protocol ServerRequestAnswering: AnyObject {
    func answerRequests(_ method: String, with handler: @escaping ServerRequestHandler)
}
