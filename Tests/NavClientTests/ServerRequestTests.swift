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
            let top = #""revision":4,"top":{"id":"s3","screen":"feedList","params":{}}"#
            write(#"{"jsonrpc":"2.0","id":"e1","method":"event.handle","params":{"event":"userTapped","payload":{"userId":9},\#(top)}}"#)
            write(#"{"jsonrpc":"2.0","id":"e2","method":"event.handle","params":{"event":"userTapped","payload":{},\#(top)}}"#)
            write(#"{"jsonrpc":"2.0","id":"e3","method":"event.handle","params":{"event":"userTapped"}}"#)
            write(#"{"jsonrpc":"2.0","id":"e4","method":"something.else","params":{}}"#)
            write(#"{"jsonrpc":"2.0","method":"nav.changed","params":{"revision":2}}"#)
            let answers = (0..<4).map { _ in readLine() }.joined(separator: ",")
            write(#"{"jsonrpc":"2.0","id":\#(JSONWriter.string(call["id"] ?? .null)),"result":{"answers":[\#(answers)]}}"#)
        }
        defer { navd.finish() }
        let client = try NavClient(socketPath: navd.path, name: "test", hello: false)
        var asked: [EventHandleRequest] = []
        client.handleEvents { request in
            asked.append(request)
            guard let userId = request.payload["userId"]?.intValue else { return .error(.invalidParams, message: "no userId") }
            return .steps([["method": "nav.route", "params": ["to": "profile", "params": ["userId": .int(userId)]]]])
        }
        let result = try client.call("nav.state", [:], timeout: 5)
        #expect(result["answers"] == [
            ["jsonrpc": "2.0", "id": "e1",
             "result": ["steps": [["method": "nav.route", "params": ["to": "profile", "params": ["userId": 9]]]]]],
            ["jsonrpc": "2.0", "id": "e2", "error": ["code": -32602, "message": "no userId"]],
            ["jsonrpc": "2.0", "id": "e3",
             "error": ["code": -32602, "message": "invalid params: $.params: missing 'top'"]],
            ["jsonrpc": "2.0", "id": "e4",
             "error": ["code": -32601, "message": "method not found: 'something.else' (this client answers no such request)"]],
        ])
        #expect(asked.map(\.event) == ["userTapped", "userTapped"])
        #expect(asked.first?.top == EventHandleRequest.Top(id: "s3", screen: "feedList", params: [:]))
        #expect(asked.first?.revision == 4)
        // The notification that came meanwhile is still there for the program.
        #expect(try client.nextNotification(timeout: 1)?.method == "nav.changed")
    }

    /// Without a handler, `event.handle` is refused as any request the client does not answer.
    @Test func withoutAHandlerEventHandleIsMethodNotFound() throws {
        let navd = try FakeNavd { readLine, write in
            write(#"{"jsonrpc":"2.0","id":"e1","method":"event.handle","params":{}}"#)
            let answer = readLine()
            write(#"{"jsonrpc":"2.0","method":"done","params":{"answer":\#(answer)}}"#)
            _ = readLine()
        }
        defer { navd.finish() }
        let client = try NavClient(socketPath: navd.path, name: "test", hello: false)
        let done = try client.nextNotification(timeout: 5)
        #expect(done?.params["answer"] == [
            "jsonrpc": "2.0", "id": "e1",
            "error": ["code": -32601, "message": "method not found: 'event.handle' (this client answers no such request)"],
        ])
        client.close()
    }

    /// An error object with a code navd does not document is the daemon misbehaving, not an
    /// answer with a code the client cannot name.
    @Test func anUndocumentedErrorCodeIsAProtocolViolation() throws {
        let navd = try FakeNavd { readLine, write in
            let call = (try? JSONParser.parse(readLine())) ?? .null
            write(#"{"jsonrpc":"2.0","id":\#(JSONWriter.string(call["id"] ?? .null)),"error":{"code":-1,"message":"odd"}}"#)
            _ = readLine()
        }
        defer { navd.finish() }
        let client = try NavClient(socketPath: navd.path, name: "test", hello: false)
        #expect {
            try client.call("nav.state", [:], timeout: 5)
        } throws: { error in
            guard case .protocolViolation(let what) = error as? NavClientError else { return false }
            return what == #"an error object navd does not document: {"code":-1,"message":"odd"}"#
        }
        client.close()
    }
}
