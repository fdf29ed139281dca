import Glibc
import NavSystem
import Testing

/// The one write loop: all of a buffer larger than a socket takes at once arrives whole, and
/// a socket whose peer went away is an error for the caller, not a SIGPIPE.
@Suite("writeAll")
struct WriteAllTests {
    static func socketPair() -> (Int32, Int32) {
        var fds: [Int32] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        return (fds[0], fds[1])
    }

    @Test func aBufferLargerThanTheSocketTakesArrivesWhole() throws {
        let (writer, reader) = Self.socketPair()
        defer { close(reader) }
        let bytes = (0..<(4 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let thread = Thread { try? writeAll(writer, bytes, to: .socket); close(writer) }
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(reader, $0.baseAddress!, $0.count) }
            if n <= 0 { break }
            received += chunk[..<n]
        }
        thread.join()
        #expect(received == bytes)
    }

    @Test func aClosedPeerIsEPIPE() {
        let (writer, reader) = Self.socketPair()
        defer { close(writer) }
        close(reader)
        #expect(throws: SystemCallError(errno: EPIPE)) { try writeAll(writer, "lost\n", to: .socket) }
    }
}

/// A plain pthread for the writer side (the test must read while it writes).
private final class Thread: @unchecked Sendable {
    private var handle = pthread_t()
    private let body: () -> Void

    init(_ body: @escaping () -> Void) {
        self.body = body
        let context = Unmanaged.passRetained(self).toOpaque()
        pthread_create(&handle, nil, { context in
            let thread = Unmanaged<Thread>.fromOpaque(context!).takeRetainedValue()
            thread.body()
            return nil
        }, context)
    }

    func join() { pthread_join(handle, nil) }
}
