import Glibc
@testable import NavTransportUV
import Testing

extension TransportSuite {
    /// Closing one connection, shutting the server down, and the end of `run()`.
    @Suite struct Closing {
        @Test func aFlushingCloseWritesWhatIsQueuedThenEnds() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let payload = [UInt8](repeating: 0x65, count: 300 * 1024)
            fixture.recorder.onReceived = { transport, id, _ in
                transport.send(payload, to: id)
                transport.close(id, flush: true)
                transport.send(bytes("ignored"), to: id)
            }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            let arrived = Shared<[UInt8]>([])
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                try connection.write("bye\n")
                arrived.value = try connection.readToEnd()
            }
            #expect(arrived.value == payload)
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.closed == [id: .closedByServer])
        }

        @Test func anImmediateCloseEndsAtOnce() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.recorder.onOpened = { transport, id in
                transport.close(id, flush: false)
                #expect(transport.openConnections == [])
            }
            fixture.recorder.onClosed = { transport, _, _ in transport.stop() }
            let path = fixture.path
            let arrived = Shared<[UInt8]?>(nil)
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                arrived.value = try connection.readToEnd()
            }
            #expect(arrived.value == [])
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.lifecycle == [.shouldAccept(ourselves), .opened(id), .closed(id, .closedByServer)])
        }

        @Test func shutdownFlushesEveryClientStopsAcceptingThenCallsBack() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            var completions = 0
            fixture.recorder.onReceived = { transport, id, _ in
                for id in transport.openConnections { transport.send(bytes("daemon.shutdown\n"), to: id) }
                transport.shutdown(flushTimeout: .seconds(2)) {
                    completions += 1
                    transport.stop()
                }
                transport.shutdown(flushTimeout: .seconds(2)) { completions += 100 }
            }
            let path = fixture.path
            let arrived = Shared<[[UInt8]]>([])
            let reconnect = Shared<String?>(nil)
            fixture.run {
                let first = try TestClient.connect(to: path)
                let second = try TestClient.connect(to: path)
                defer { first.close(); second.close() }
                try second.write("quit\n")
                let got = [try first.readToEnd(), try second.readToEnd()]
                arrived.value = got
                do {
                    try TestClient.connect(to: path).close()
                } catch {
                    reconnect.value = "\(error)"
                }
            }
            #expect(arrived.value == [bytes("daemon.shutdown\n"), bytes("daemon.shutdown\n")])
            #expect(reconnect.value == "connect \(path): Connection refused")
            #expect(completions == 1)
            let ids = fixture.recorder.opened
            #expect(ids.count == 2)
            #expect(fixture.recorder.closed == Dictionary(uniqueKeysWithValues: ids.map { ($0, .shutdown) }))
        }

        @Test func shutdownCutsOffAClientThatDoesNotReadAfterTheFlushTimeout() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let clock = ContinuousClock()
            var startedAt = clock.now
            var tookFor = Duration.zero
            let serverDone = Shared(false)
            fixture.recorder.onOpened = { transport, id in
                transport.send([UInt8](repeating: 0x66, count: 2 * 1024 * 1024), to: id)
                startedAt = clock.now
                transport.shutdown(flushTimeout: .milliseconds(300)) {
                    tookFor = clock.now - startedAt
                    serverDone.value = true
                    transport.stop()
                }
            }
            let path = fixture.path
            fixture.run { try connectAndHold(path, until: serverDone) }
            // libuv's timers count whole milliseconds.
            #expect(tookFor >= .milliseconds(299) && tookFor < .seconds(2))
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.lifecycle.suffix(1) == [.closed(id, .shutdown)])
        }

        @Test func shutdownWithoutClientsCallsBackOnTheNextIteration() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            var called = false
            fixture.transport.shutdown(flushTimeout: .seconds(1)) {
                called = true
                fixture.transport.stop()
            }
            #expect(!called)
            #expect(runLoop(fixture.transport))
            #expect(called)
        }

        @Test func runReturnsAfterStopHavingClosedEveryHandleAndTheLoop() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            try fixture.transport.watchSignals([SIGUSR2])
            fixture.transport.addTimer(after: .seconds(60)) {}
            fixture.transport.addTimer(after: .milliseconds(1), repeat: .milliseconds(1)) {}
            fixture.recorder.onOpened = { transport, id in
                transport.send(bytes("unsent at stop"), to: id)
                transport.stop()
            }
            let path = fixture.path
            let arrived = Shared<[UInt8]?>(nil)
            fixture.run {
                let connection = try TestClient.connect(to: path)
                defer { connection.close() }
                arrived.value = try connection.readToEnd()
            }
            #expect(fixture.transport.isClosed)
            #expect(arrived.value == [])
            let id = try #require(fixture.recorder.opened.first)
            #expect(fixture.recorder.lifecycle == [.shouldAccept(ourselves), .opened(id), .closed(id, .shutdown)])

            fixture.transport.run()
            #expect(throws: TransportError(.finished, TransportError.finished.message)) {
                try fixture.transport.listen(at: fixture.directory.path + "/again.sock")
            }
            #expect(fixture.transport.listeningSocket?.removeIfOwn() == true)
        }

        @Test func stopBeforeRunReturnsAtOnce() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            fixture.transport.stop()
            fixture.transport.run()
            #expect(fixture.transport.isClosed)
        }
    }
}
