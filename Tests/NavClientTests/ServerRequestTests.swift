import Foundation
import Glibc
import NavClient
import NavJSON
import Testing

/// NavClient answers the requests navd sends it (JSON-RPC lets a server call its client):
/// by the handler of that method, `-32601` without one, while a call of its own waits —
/// against a fake navd on a real Unix socket.
@Suite struct ServerRequestTests {
    /// A one-connection server on a fresh socket: `script` runs on its own thread with the
    /// accepted connection's lines.
    final class FakeNavd: @unchecked Sendable {
        let path: String
        private let listener: Int32
        private let done = DispatchSemaphore(value: 0)

        init(script: @escaping @Sendable (_ readLine: () -> String, _ write: (String) -> Void) -> Void) throws {
            path = NSTemporaryDirectory() + "navclient-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
            let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
            listener = fd
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.enumerated() { raw[index] = byte }
            }
            let bound = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            guard bound == 0, Glibc.listen(fd, 1) == 0 else { throw POSIXError(.EADDRINUSE) }
            let done = self.done
            Thread.detachNewThread {
                let connection = accept(fd, nil, nil)
                var buffer: [UInt8] = []
                func readLine() -> String {
                    while true {
                        if let newline = buffer.firstIndex(of: 0x0A) {
                            let line = String(decoding: buffer[..<newline], as: UTF8.self)
                            buffer.removeSubrange(...newline)
                            return line
                        }
                        var chunk = [UInt8](repeating: 0, count: 4096)
                        let n = recv(connection, &chunk, chunk.count, 0)
                        if n <= 0 { return "" }
                        buffer += chunk[..<n]
                    }
                }
                script(readLine) { text in _ = Array((text + "\n").utf8).withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) } }
                close(connection)
                done.signal()
            }
        }

        func finish() {
            done.wait()
            close(listener)
            unlink(path)
        }
    }

    @Test func requestsAreAnsweredByTheirHandlerWhileACallWaits() throws {
        let navd = try FakeNavd { readLine, write in
            let call = (try? JSONParser.parse(readLine())) ?? .null
            write(#"{"jsonrpc":"2.0","id":"e1","method":"event.handle","params":{"event":"userTapped","payload":{"userId":9}}}"#)
            write(#"{"jsonrpc":"2.0","id":"e2","method":"something.else","params":{}}"#)
            write(#"{"jsonrpc":"2.0","method":"nav.changed","params":{"revision":2}}"#)
            let first = readLine()
            let second = readLine()
            write(#"{"jsonrpc":"2.0","id":\#(JSONWriter.string(call["id"] ?? .null)),"result":{"answers":[\#(first),\#(second)]}}"#)
        }
        defer { navd.finish() }
        let client = try NavClient(socketPath: navd.path, name: "test", hello: false)
        client.answerRequests("event.handle") { params in
            guard let userId = params["payload"]?["userId"]?.intValue else { return .error(code: -32602, message: "no userId") }
            return .result(["steps": [["method": "nav.route", "params": ["to": "profile", "params": ["userId": .int(userId)]]]]])
        }
        let result = try client.call("nav.state", [:], timeout: 5)
        #expect(result["answers"] == [
            ["jsonrpc": "2.0", "id": "e1",
             "result": ["steps": [["method": "nav.route", "params": ["to": "profile", "params": ["userId": 9]]]]]],
            ["jsonrpc": "2.0", "id": "e2",
             "error": ["code": -32601, "message": "method not found: 'something.else' (this client answers no such request)"]],
        ])
        // The notification that came meanwhile is still there for the program.
        #expect(try client.nextNotification(timeout: 1)?.method == "nav.changed")
    }
}
