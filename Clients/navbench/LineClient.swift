import Glibc

/// A blocking NDJSON client on a raw Unix socket: the load loop's own, so that what is
/// measured is navd and the kernel, not a client library.
final class LineClient {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(path: String) throws(BenchError) {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw BenchError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { throw BenchError("socket path too long: \(path)") }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard status == 0 else {
            let message = String(cString: strerror(errno))
            close(fd)
            throw BenchError("cannot connect to navd at \(path): \(message) (start it with `make run`)")
        }
    }

    deinit { close(fd) }

    func send(_ bytes: [UInt8]) throws(BenchError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw BenchError("send: \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    /// Reads up to and including the next newline; returns the line's length.
    @discardableResult
    func readLine() throws(BenchError) -> Int {
        var length = 0
        while true {
            if let newline = buffer[start..<end].firstIndex(of: UInt8(ascii: "\n")) {
                length += newline - start
                start = newline + 1
                return length
            }
            length += end - start
            start = 0
            end = 0
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            guard n > 0 else { throw BenchError(n == 0 ? "navd closed the connection" : "recv: \(String(cString: strerror(errno)))") }
            end = n
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
