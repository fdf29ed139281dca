import NavigationCore
import NavJSON

/// Carries out a server's outputs as they arise. The daemon's implementation hands the bytes to
/// its transport, which only queues them (it never calls back into the server from `send`), so
/// doing each output at once keeps the order an array of `ServerOutput` would have.
///
/// A class protocol: an existential of it is a reference (copying it is a retain, not a call
/// through the value witnesses of whatever type conforms).
public protocol ServerOutputHandler: AnyObject {
    /// The bytes are only valid during the call: use or copy them before returning. Returns
    /// whether the connection's unsent bytes, these included, are now above the high
    /// watermark: the server stops sending it separate notifications at once, not only when
    /// the transport reports congestion after the read (a burst of one read coalesces too).
    @discardableResult
    func send(_ bytes: UnsafeRawBufferPointer, to id: ClientID) -> Bool
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
    /// Not retained: an outbox with a handler is made only by `NavServer.receive(_:from:handler:)`
    /// and `drained(_:handler:)`, as a local of the call, whose caller holds the handler for
    /// the call. Held strongly, it was retained for the outbox and again for every send.
    private unowned(unsafe) let handler: (any ServerOutputHandler)?

    init(handler: (any ServerOutputHandler)? = nil) {
        self.handler = handler
    }

    /// Returns whether the connection is now congested (never, without a handler: the caller
    /// of the array form reports congestion with `NavServer.congested(_:)`).
    @discardableResult
    mutating func send(_ payload: Payload, to id: ClientID) -> Bool {
        if let handler {
            return payload.bytes.withUnsafeBytes { handler.send($0, to: id) }
        }
        outputs.append(.send(id, payload))
        return false
    }

    /// The bytes of a buffer that is reused afterwards (a read's responses); nothing if empty.
    @discardableResult
    mutating func send(_ bytes: borrowing JSONBuffer, to id: ClientID) -> Bool {
        guard !bytes.isEmpty else { return false }
        if let handler {
            return bytes.withUnsafeBytes { handler.send($0, to: id) }
        }
        outputs.append(.send(id, Payload(bytes.bytes)))
        return false
    }

    mutating func close(_ id: ClientID, reason: String) {
        if let handler {
            handler.close(id, reason: reason)
        } else {
            outputs.append(.close(id, reason: reason))
        }
    }
}
