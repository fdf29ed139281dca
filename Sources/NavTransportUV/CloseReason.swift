/// Why a connection ended; reported once per connection, in `TransportDelegate.transport(_:closed:reason:)`.
/// When several causes meet (a flushing close, then a write error), the first one is reported.
public enum CloseReason: Sendable, Hashable, CustomStringConvertible {
    /// The peer closed its end (end of file, after any bytes still queued for it were written).
    case peerClosed
    case readError(String)
    case writeError(String)
    /// The peer does not read fast enough: more queued while more than `maxQueuedBytes` were unsent, or no write progress for
    /// `stallTimeout` while bytes were queued. The message starts with "too far behind".
    case tooFarBehind(String)
    /// `UVTransport.close(_:flush:)`.
    case closedByServer
    /// `UVTransport.shutdown(flushTimeout:then:)`, or `run()` returning with the connection still open.
    case shutdown

    public var description: String {
        switch self {
        case .peerClosed: "closed by the peer"
        case .readError(let message): "read error: \(message)"
        case .writeError(let message): "write error: \(message)"
        case .tooFarBehind(let message): message
        case .closedByServer: "closed by the server"
        case .shutdown: "server shutting down"
        }
    }
}
