@testable import NavTransportUV
import Testing

extension TransportSuite {
    /// Bytes queued for a connection during one loop iteration leave in one `uv_write`.
    @Suite struct WriteBatching {
        /// One client connects to the fixture's transport, writes `line` and reads `count` bytes.
        static func send(_ line: String, readingBack count: Int, through fixture: Fixture) -> [UInt8] {
            let path = fixture.path
            let arrived = Shared<[UInt8]>([])
            fixture.run {
                let client = try TestClient.connect(to: path)
                defer { client.close() }
                try client.write(line)
                arrived.value = try client.read(exactly: count)
            }
            return arrived.value
        }

        @Test func manyMessagesQueuedInOneIterationAreOneWrite() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let messages = (0..<100).map { "message \($0)\n" }
            fixture.recorder.onOpened = { transport, id in
                for message in messages {
                    transport.send(bytes(message), to: id)
                }
            }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            let expected = bytes(messages.joined())
            let arrived = Shared<[UInt8]>([])
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                arrived.value = try connection.read(exactly: expected.count)
            }
            #expect(arrived.value == expected)
            #expect(fixture.transport.writeCount == 1)
        }

        /// navd commits a loop iteration's revisions in `transportWillFlush`: every byte sent
        /// during the iteration must still be queued, unwritten, when it is called.
        @Test func theFlushHookSeesEverythingQueuedBeforeAnyOfItIsWritten() throws {
            var configuration = UVTransport.Configuration()
            configuration.reportsFlushPoints = true
            let fixture = try Fixture(configuration)
            defer { fixture.directory.remove() }
            let seen = Shared<[Int]>([])
            var connection: ConnectionID?
            fixture.recorder.onReceived = { transport, id, received in
                connection = id
                transport.send(received, to: id)
                transport.send(bytes("and more\n"), to: id)
            }
            fixture.recorder.onWillFlush = { transport in
                guard let id = connection else { return }
                seen.update { $0.append(transport.queuedBytes(id)) }
                connection = nil
            }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            #expect(Self.send("hello\n", readingBack: 15, through: fixture) == bytes("hello\nand more\n"))
            #expect(seen.value == [15])
        }

        /// The hook costs a call per iteration, so a transport not asked for it makes none.
        @Test func theFlushHookIsNotCalledUnlessAskedFor() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let calls = Shared<Int>(0)
            fixture.recorder.onReceived = { transport, id, received in
                transport.send(received, to: id)
            }
            fixture.recorder.onWillFlush = { _ in calls.update { $0 += 1 } }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            #expect(Self.send("hello\n", readingBack: 6, through: fixture) == bytes("hello\n"))
            #expect(calls.value == 0)
        }

        @Test func messagesQueuedInTwoIterationsAreTwoWrites() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.recorder.onOpened = { transport, id in
                transport.send(bytes("first\n"), to: id)
                transport.send(bytes("still first\n"), to: id)
                transport.addTimer(after: .milliseconds(20)) {
                    transport.send(bytes("second\n"), to: id)
                }
            }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            let arrived = Shared<[UInt8]>([])
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                arrived.value = try connection.read(exactly: 25)
            }
            #expect(arrived.value == bytes("first\nstill first\nsecond\n"))
            #expect(fixture.transport.writeCount == 2)
        }

        @Test func theSameBytesSentToEveryConnectionAreOneWriteEach() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.recorder.onOpened = { transport, _ in
                let open = transport.openConnections
                if open.count == 3 {
                    for id in open { transport.send(bytes("all\n"), to: id) }
                }
            }
            let path = fixture.path
            let arrived = Shared<[[UInt8]]>([])
            stopWhen(fixture.transport) { [recorder = fixture.recorder] in recorder.closed.count == 3 }
            fixture.run {
                let connections = try (0..<3).map { _ in try TestClient.connect(to: path) }
                defer { connections.forEach { $0.close() } }
                for connection in connections {
                    let reply = try connection.read(exactly: 4)
                    arrived.update { $0.append(reply) }
                }
            }
            #expect(arrived.value == Array(repeating: bytes("all\n"), count: 3))
            #expect(fixture.transport.writeCount == 3)
        }
    }
}
