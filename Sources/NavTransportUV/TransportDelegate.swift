/// What the transport tells its owner. Every call arrives on the loop thread, from a libuv callback,
/// never from inside a call into the transport: `send`, `close`, `shutdown` and the rest queue work
/// and return, so a delegate may call them freely from any of these methods.
public protocol TransportDelegate: AnyObject {
    /// Right after accept, before a byte is read: return false to close the peer unread.
    func transport(_ transport: UVTransport, shouldAccept peer: PeerCredentials) -> Bool
    func transport(_ transport: UVTransport, opened connection: ConnectionID, peer: PeerCredentials)
    /// The bytes live in the transport's one read buffer: use or copy them before returning.
    func transport(_ transport: UVTransport, received bytes: UnsafeRawBufferPointer, from connection: ConnectionID)
    /// Exactly once per opened connection, after its socket is closed; the id is dead from here on.
    func transport(_ transport: UVTransport, closed connection: ConnectionID, reason: CloseReason)
    /// Unsent bytes rose above the high watermark: reading from the connection is paused.
    func transport(_ transport: UVTransport, congested connection: ConnectionID)
    /// Unsent bytes fell below the low watermark: reading resumed.
    func transport(_ transport: UVTransport, drained connection: ConnectionID)
    /// The peer shut down its sending side (EOF). Replies sent from here are still written before
    /// the connection closes; ignored unless implemented.
    func transport(_ transport: UVTransport, endOfInput connection: ConnectionID)
    /// A signal named in `watchSignals` arrived.
    func transport(_ transport: UVTransport, signal: Int32)
    /// A refused client or a failure that concerns no open connection; ignored unless implemented.
    func transport(_ transport: UVTransport, notice: TransportNotice)
    /// The flush point of this loop iteration is reached: nothing queued since the last one has
    /// been written yet, and it all goes out when this returns. The owner's last chance to do
    /// what must happen before any of it is written (navd commits the iteration's revisions
    /// here). Called only when the configuration's `reportsFlushPoints` is set.
    func transportWillFlush(_ transport: UVTransport)
}

extension TransportDelegate {
    public func transport(_ transport: UVTransport, notice: TransportNotice) {}
    public func transport(_ transport: UVTransport, endOfInput connection: ConnectionID) {}
    public func transportWillFlush(_ transport: UVTransport) {}
}
