import NavigationCore

/// Carries out a server's outputs as they arise. The daemon's implementation hands the bytes to
/// its transport, which only queues them (it never calls back into the server from `send`), so
/// doing each output at once keeps the order an array of `ServerOutput` would have.
///
/// A class protocol: an existential of it is a reference (copying it is a retain, not a call
/// through the value witnesses of whatever type conforms).
public protocol ServerOutputHandler: AnyObject {
    /// The bytes are only valid during the call: use or copy them before returning.
    func send(_ bytes: UnsafeRawBufferPointer, to id: ClientID)
    /// Close after what was sent before is written.
    func close(_ id: ClientID, reason: String)
}

/// Where the outputs of one call into the server go, in order: into `outputs`, for the caller
/// that wants them as an array, or straight to a handler.
///
/// Shaped for speed: it is a local of each call, passed `inout`, so no property of the server
/// is held open (and checked for exclusivity) while outputs are added; with a handler, a
/// response goes out from the read's buffer without a `Payload`, a copy or an array element.
struct Outbox {
    private(set) var outputs: [ServerOutput] = []
    private let handler: (any ServerOutputHandler)?

    init(handler: (any ServerOutputHandler)? = nil) {
        self.handler = handler
    }

    mutating func send(_ payload: Payload, to id: ClientID) {
        if let handler {
            payload.bytes.withUnsafeBytes { handler.send($0, to: id) }
        } else {
            outputs.append(.send(id, payload))
        }
    }

    /// The bytes of a buffer that is reused afterwards (a read's responses); nothing if empty.
    mutating func send(_ bytes: borrowing JSONBuffer, to id: ClientID) {
        guard !bytes.isEmpty else { return }
        if let handler {
            bytes.withUnsafeBytes { handler.send($0, to: id) }
        } else {
            outputs.append(.send(id, Payload(bytes.bytes)))
        }
    }

    mutating func close(_ id: ClientID, reason: String) {
        if let handler {
            handler.close(id, reason: reason)
        } else {
            outputs.append(.close(id, reason: reason))
        }
    }
}
