import Glibc
@testable import NavTransportUV
import Testing

extension TransportSuite {
    /// Who gets in: the delegate's peer check and the client limit, both before a byte is read.
    @Suite struct Admission {
        @Test func aRefusedPeerSeesEndOfFileAndIsNeverRead() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.recorder.accept = { _ in false }
            let path = fixture.path
            let reply = Shared<[UInt8]?>(nil)
            let client = ClientThread {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                reply.value = try connection.read()
            }
            stopWhen(fixture.transport) { client.finished }

            #expect(runLoop(fixture.transport))
            #expect(client.join() && client.failure == nil)
            #expect(reply.value == [])
            #expect(fixture.recorder.events == [.shouldAccept(ourselves)])
            #expect(fixture.transport.isClosed)
        }

        @Test func beyondMaxClientsAPeerIsClosedAtOnceAndNoticed() throws {
            let fixture = try Fixture(UVTransport.Configuration(maxClients: 1))
            defer { fixture.directory.remove() }
            fixture.recorder.onReceived = { transport, id, received in transport.send(received, to: id) }
            let path = fixture.path
            let secondGot = Shared<[UInt8]?>(nil)
            let client = ClientThread {
                let first = try TestClient.connect(to: path)
                defer { first.close() }
                try first.write("1")
                _ = try first.read(exactly: 1)
                let second = try TestClient.connect(to: path)
                defer { second.close() }
                secondGot.value = try second.read()
            }
            stopWhen(fixture.transport) { [recorder = fixture.recorder] in client.finished && recorder.closed.count == 1 }

            #expect(runLoop(fixture.transport))
            #expect(client.join() && client.failure == nil)
            #expect(secondGot.value == [])
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.lifecycle == [
                .shouldAccept(ourselves), .opened(id),
                .notice(.refusedTooManyClients(peer: ourselves, limit: 1)),
                .closed(id, .peerClosed),
            ])
        }
    }
}
