import Glibc
@testable import NavTransportUV
import Testing

extension TransportSuite {
    @Suite struct Echo {
        @Test func bytesComeBackThroughARealUnixSocket() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.recorder.onReceived = { transport, id, received in transport.send(received, to: id) }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            let reply = Shared<[UInt8]>([])
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                try connection.write("hello\n")
                reply.value = try connection.read(exactly: 6)
            }
            #expect(reply.value == bytes("hello\n"))
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.lifecycle == [.shouldAccept(ourselves), .opened(id), .closed(id, .peerClosed)])
            #expect(fixture.recorder.receivedBytes(id) == bytes("hello\n"))
            #expect(fixture.transport.isClosed)
        }

        @Test func peerCredentialsAreThoseOfTheConnectingProcess() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            var seen: [PeerCredentials] = []
            fixture.recorder.accept = { peer in
                seen.append(peer)
                return true
            }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            fixture.run { try TestClient.connect(to: path).close() }
            #expect(seen == [ourselves])
            #expect(seen.first?.uid == getuid())
            #expect(seen.first?.pid == getpid())
        }

        @Test func aPeerThatOnlyShutsDownWritingStillGetsItsReply() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.recorder.onReceived = { transport, id, received in transport.send(received + received, to: id) }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            let reply = Shared<[UInt8]>([])
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                try connection.write("ping\n")
                connection.shutdownWriting()
                reply.value = try connection.readToEnd()
            }
            #expect(reply.value == bytes("ping\nping\n"))
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.closed == [id: .peerClosed])
        }

        @Test func connectionIDsAreNeverReused() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let path = fixture.path
            let client = ClientThread {
                for _ in 0..<5 {
                    try TestClient.connect(to: path).close()
                }
            }
            stopWhen(fixture.transport) { [recorder = fixture.recorder] in client.finished && recorder.closed.count == 5 }

            #expect(runLoop(fixture.transport))
            #expect(client.join() && client.failure == nil)
            let ids = fixture.recorder.opened
            #expect(ids.count == 5)
            #expect(ids == ids.sorted() && Set(ids).count == 5)
            #expect(ids.map(\.description) == ids.map { "c\($0.raw)" })
        }
    }
}
