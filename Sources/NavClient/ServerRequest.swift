internal import NavProtocol
internal import NavJSON

/// A request navd sent this client (JSON-RPC lets a server call its client), decoded once: its
/// id and what it asks, by navd's table of the requests it sends (`RPCServerRequest`).
struct ServerRequest {
    enum Call {
        /// `event.handle`, with its params or why they do not have their documented shape.
        case eventHandle(Result<EventHandleRequest, ViewDecodingError>)
        /// A method navd does not document as one it sends.
        case unknown(method: String)
    }

    var id: JSONValue
    var call: Call

    /// The request `message` is; nil when it is none (a response, or a notification: no id).
    init?(_ message: JSONValue) {
        guard case .string(let method)? = message["method"], let id = message["id"], id != .null else { return nil }
        self.id = id
        switch RPCServerRequest(rawValue: method) {
        case .eventHandle?:
            let params = message["params"] ?? .null
            call = .eventHandle(Result { () throws(ViewDecodingError) in try EventHandleRequest(json: params) })
        case nil:
            call = .unknown(method: method)
        }
    }

    /// The line that answers this request with `answer`, written by the one encoder.
    func response(_ answer: EventHandleAnswer) -> [UInt8] {
        var line: [UInt8] = []
        switch answer {
        case .steps(let steps):
            RPCEncoder.success(id: id, result: ["steps": .array(steps)], into: &line)
        case .error(let code, let message):
            RPCEncoder.failure(id: id, code: code, message: message, into: &line)
        }
        return line
    }
}
