import Glibc

/// The client side of a test, with plain blocking POSIX calls (run it on its own thread: the
/// loop thread must never block). Every read waits at most `timeout` for data.
struct TestClient: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let fd: Int32
    var timeoutMilliseconds: Int32 = 5000

    static func connect(to path: String) throws -> TestClient {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errnoText())") }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            Glibc.close(fd)
            throw Failure(description: "path too long for a test client: \(path)")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard status == 0 else {
            let text = errnoText()
            Glibc.close(fd)
            throw Failure(description: "connect \(path): \(text)")
        }
        return TestClient(fd: fd)
    }

    func write(_ text: String) throws {
        try write(Array(text.utf8))
    }

    func write(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            guard written > 0 else { throw Failure(description: "write: \(errnoText())") }
            offset += written
        }
    }

    /// Up to `limit` bytes; [] at end of file. Throws on timeout or error.
    func read(upTo limit: Int = 65536) throws -> [UInt8] {
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, timeoutMilliseconds)
        guard ready > 0 else { throw Failure(description: ready == 0 ? "read timed out" : "poll: \(errnoText())") }
        var buffer = [UInt8](repeating: 0, count: limit)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, limit) }
        guard count >= 0 else { throw Failure(description: "read: \(errnoText())") }
        return Array(buffer[..<count])
    }

    func read(exactly count: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count < count {
            let chunk = try read(upTo: count - bytes.count)
            guard !chunk.isEmpty else {
                throw Failure(description: "end of file after \(bytes.count) of \(count) bytes")
            }
            bytes += chunk
        }
        return bytes
    }

    /// Everything until the server closes.
    func readToEnd() throws -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let chunk = try read()
            if chunk.isEmpty { return bytes }
            bytes += chunk
        }
    }

    func shutdownWriting() {
        Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    func close() {
        Glibc.close(fd)
    }
}

func errnoText(_ code: Int32 = errno) -> String {
    String(cString: strerror(code))
}
