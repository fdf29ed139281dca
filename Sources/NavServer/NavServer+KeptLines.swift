import NavProtocol
import NavigationCore
import NavJSON

/// The lines a connection sends while its `event.emit` is held (Protocol/semantics.md 74):
/// requests are kept, in order, and run when the emit is answered; responses (a listener's
/// answers to `event.handle`, alone or inside a batch) are read at once, so that a listener
/// that emitted from its handler is never stuck behind itself.
///
/// Kept lines are bounded twice: one connection keeps at most
/// `ClientConnection.maxBacklogBytes` (past it, it is closed: it cannot be paused from here),
/// and all connections together at most `ServerConfiguration.maxKeptBytes` (past it, the
/// line's requests are refused at once and change nothing; the connection stays).
extension NavServer {
    func keepBehindEmit(_ line: UnsafeBufferPointer<UInt8>, _ message: RPCMessage, in read: inout ReadBatch) {
        switch message {
        case .single(.response(let id, let result, let error)):
            received(response: id, result: result, error: error, in: &read)
            return
        case .batch(let entries):
            // A batch's responses are read now; the line is kept for its requests, and its
            // responses, read again then, are late answers the queue ignores.
            var requests = 0
            for entry in entries {
                if case .response(let id, let result, let error) = entry {
                    received(response: id, result: result, error: error, in: &read)
                } else {
                    requests += 1
                }
            }
            if requests == 0 { return }
        default:
            break
        }
        let connection = read.connection
        guard line.count <= configuration.maxKeptBytes - keptBytes else {
            refuseKeeping(message, in: &read)
            return
        }
        guard connection.keepBehindEmit(Array(line)) else {
            connection.closing = true
            flushResponses(of: &read)
            read.outbox.close(
                connection.id, reason: "more than \(ClientConnection.maxBacklogBytes) bytes of requests behind its held event.emit")
            return
        }
        keptBytes += line.count
    }

    /// Every request of a line that does not fit in what all connections may keep gets
    /// `-32009` at once (a notification nothing); the line is dropped and changes nothing.
    func refuseKeeping(_ message: RPCMessage, in read: inout ReadBatch) {
        let limit = configuration.maxKeptBytes
        let error = RPCFailure(
            .limitExceeded,
            "navd already keeps \(limit) bytes of requests behind held event.emit calls (all clients together): "
                + "this request was not run; send it again once your event.emit is answered",
            data: ["what": "keptRequests", "limit": .int(limit)])
        switch message {
        case .failure(let failure):
            RPCEncoder.failure(id: .null, error: failure, into: &read.responses)
        case .single(let entry):
            if let id = Self.answeredID(of: entry) { RPCEncoder.failure(id: id, error: error, into: &read.responses) }
        case .batch(let entries):
            let ids = entries.compactMap(Self.answeredID(of:))
            guard !ids.isEmpty else { return }
            read.responses.append(UInt8(ascii: "["))
            for (index, id) in ids.enumerated() {
                RPCEncoder.failure(id: id, error: error, into: &read.responses)
                read.responses.removeLast()
                read.responses.append(UInt8(ascii: index == ids.count - 1 ? "]" : ","))
            }
            read.responses.append(UInt8(ascii: "\n"))
        }
    }

    /// The id an entry's answer would carry; nil for a notification or a response.
    static func answeredID(of entry: RPCEntry) -> JSONValue? {
        switch entry {
        case .call(let id, _, _), .badParams(let id, _, _), .refused(let id, _): id
        case .invalid(let id, _): id
        case .response: nil
        }
    }
}
