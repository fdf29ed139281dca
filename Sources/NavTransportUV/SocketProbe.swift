internal import Glibc
internal import NavSystem

/// What is at a socket path right now.
public enum SocketProbe: Sendable, Hashable {
    /// Nothing: the path is free.
    case absent
    /// A server accepted a connection there (navd must not start; the probe connection is closed at once).
    case live
    /// A socket file nobody listens on (connect refused): left over by a server that died.
    case stale
    /// Something that is not a socket: never touched.
    case notASocket
    /// The connect failed otherwise (permissions…): whether a server runs there is unknown.
    case unreachable(String)
}

extension SocketPath {
    /// Looks at the path without changing it: `lstat`, then a connect attempt if it is a socket.
    /// A live server sees the probe as a client that connects and leaves at once.
    public func probe() -> SocketProbe {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            return errno == ENOENT ? .absent : .unreachable(SystemError.last.message)
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { return .notASocket }
        let fd = UnixSocket.open()
        guard fd >= 0 else { return .unreachable(SystemError.last.message) }
        defer { close(fd) }
        switch UnixSocket.connect(fd, to: path) {
        case 0, EAGAIN, EINPROGRESS: return .live
        case ECONNREFUSED: return .stale
        case ENOENT: return .absent
        case let code: return .unreachable(SystemError(errno: code).message)
        }
    }
}
