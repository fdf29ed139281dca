internal import CLibUV
internal import Glibc

/// The client end of navd's socket.
public enum UnixSocket {
    /// A stream socket (close-on-exec) connected to the Unix socket at `path`. A path longer
    /// than a socket address holds fails with `ENAMETOOLONG`.
    public static func connect(to path: String) throws(SystemCallError) -> Int32 {
        var address = sockaddr_un()
        let length = navd_fill_sockaddr_un(&address, path)
        guard length >= 0 else { throw SystemCallError(errno: -length) }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .last }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(length)) }
        }
        guard status == 0 else {
            let failure = SystemCallError.last
            close(fd)
            throw failure
        }
        return fd
    }
}
