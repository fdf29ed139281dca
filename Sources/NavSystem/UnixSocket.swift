internal import CLibUV
internal import Glibc

/// The plain POSIX calls on Unix stream sockets that happen outside libuv: a client connecting
/// to navd's socket, and for the transport, opening and binding the listener (see
/// `UVTransport.listen`) and probing a path for a live server.
public enum UnixSocket {
    /// A stream socket (close-on-exec) connected to the Unix socket at `path`. A path longer
    /// than a socket address holds fails with `ENAMETOOLONG`.
    public static func connect(to path: String) throws(SystemCallError) -> Int32 {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .last }
        let status = connect(fd, to: path)
        guard status == 0 else {
            close(fd)
            throw SystemCallError(errno: status)
        }
        return fd
    }

    /// A new close-on-exec, non-blocking Unix stream socket, or -1 (errno set).
    public static func open() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    }

    /// 0, or the errno of `bind` (`ENAMETOOLONG`: a path longer than a socket address holds).
    public static func bind(_ fd: Int32, to path: String) -> Int32 {
        withAddress(of: path) { address, length in Glibc.bind(fd, address, length) }
    }

    /// 0, or the errno of `connect` (EAGAIN on a non-blocking socket: a live listener with a
    /// full backlog; `ENAMETOOLONG`: a path longer than a socket address holds).
    public static func connect(_ fd: Int32, to path: String) -> Int32 {
        withAddress(of: path) { address, length in Glibc.connect(fd, address, length) }
    }

    private static func withAddress(
        of path: String, _ call: (UnsafePointer<sockaddr>, socklen_t) -> Int32
    ) -> Int32 {
        var address = sockaddr_un()
        let length = navd_fill_sockaddr_un(&address, path)
        guard length > 0 else { return -length }
        let status = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { call($0, socklen_t(length)) }
        }
        return status == 0 ? 0 : errno
    }
}
