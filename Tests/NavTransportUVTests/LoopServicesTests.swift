import Glibc
@testable import NavTransportUV
import Testing

extension TransportSuite {
    /// Timers and signals, the loop's other sources of events.
    @Suite struct LoopServices {
        @Test func watchedSignalsReachTheDelegateOnTheLoop() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            try fixture.transport.watchSignals([SIGUSR1, SIGUSR1])
            fixture.transport.addTimer(after: .milliseconds(5)) { kill(getpid(), SIGUSR1) }
            fixture.recorder.onSignal = { transport, _ in transport.stop() }

            #expect(runLoop(fixture.transport))
            #expect(fixture.recorder.events == [.signal(SIGUSR1)])
        }

        @Test func aSignalLibuvCannotWatchIsAnError() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            #expect(throws: TransportError.self) { try fixture.transport.watchSignals([0]) }
        }

        @Test func oneShotRepeatingAndCancelledTimers() throws {
            let fixture = try Fixture()
            defer { fixture.directory.remove() }
            let transport = fixture.transport
            var fired: [String] = []
            transport.addTimer(after: .milliseconds(1)) { fired.append("once") }
            let never = transport.addTimer(after: .milliseconds(5)) { fired.append("never") }
            transport.cancelTimer(never)
            var ticks = 0
            var ticker: TimerID?
            ticker = transport.addTimer(after: .milliseconds(1), repeat: .milliseconds(1)) {
                ticks += 1
                fired.append("tick")
                if ticks == 3, let ticker {
                    transport.cancelTimer(ticker)
                    transport.addTimer(after: .milliseconds(20)) { transport.stop() }
                }
            }

            #expect(runLoop(transport))
            #expect(fired.filter { $0 == "once" }.count == 1)
            #expect(fired.filter { $0 == "tick" }.count == 3)
            #expect(!fired.contains("never"))
        }
    }
}
