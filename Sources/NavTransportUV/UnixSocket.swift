internal import CLibUV
internal import Glibc

/// The few plain POSIX calls on Unix stream sockets that happen outside libuv: binding the
/// listener (see `UVTransport.listen`) and probing a path for a live server.
enum UnixSocket {
    /// A new close-on-exec, non-blocking Unix stream socket, or -1 (errno set).
    static func open() -> Int32 {
        socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
    }

    /// 0, or the errno of `bind`.
    static func bind(_ fd: Int32, to path: String) -> Int32 {
        withAddress(of: path) { address, length in Glibc.bind(fd, address, length) }
    }

    /// 0, or the errno of `connect` (EAGAIN: a live listener with a full backlog).
    static func connect(_ fd: Int32, to path: String) -> Int32 {
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
