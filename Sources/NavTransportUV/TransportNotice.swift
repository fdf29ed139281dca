/// Something worth a log line that is not about an open connection: a refused or failed accept,
/// handles left open at loop close (a bug in the transport).
public enum TransportNotice: Sendable, Equatable, CustomStringConvertible {
    /// A peer connected while `maxClients` connections were open: it was closed without a byte read.
    case refusedTooManyClients(peer: PeerCredentials, limit: Int)
    /// A peer was accepted on a descriptor within `reserve` of the process's limit
    /// (RLIMIT_NOFILE): it was closed at once, so that navd never runs out (EMFILE) and
    /// libuv never drops waiting peers without a word.
    case refusedOutOfDescriptors(peer: PeerCredentials, descriptor: Int32, limit: Int)
    /// `accept`, or reading the new peer's credentials, failed; nothing was opened.
    case acceptFailed(String)
    /// `uv_loop_close` found handles still open after every close callback ran.
    case handlesLeaked(count: Int)

    public var description: String {
        switch self {
        case .refusedTooManyClients(let peer, let limit):
            "refused a client (\(peer)): \(limit) clients are connected, the limit"
        case .refusedOutOfDescriptors(let peer, let descriptor, let limit):
            "refused a client (\(peer)): out of file descriptors (descriptor \(descriptor), limit \(limit))"
        case .acceptFailed(let message):
            "could not accept a client: \(message)"
        case .handlesLeaked(let count):
            "event loop closed with \(count) handle(s) still open"
        }
    }
}
