import NavClient
import NavigationCore
import Testing

@Suite("Backoff: exponential waits, capped, retrying only what may heal")
struct BackoffTests {
    @Test func delaysDoubleUpToTheCap() {
        let backoff = Backoff(initial: 0.1, multiplier: 2, maximum: 1)
        #expect((0...7).map { backoff.delay(afterFailures: $0) } == [0, 0.1, 0.2, 0.4, 0.8, 1, 1, 1])
    }

    @Test func aLargeFailureCountStaysAtTheCap() {
        #expect(Backoff.viewer.delay(afterFailures: 10_000) == 5)
    }

    @Test func retriesUnreachableAndDisconnectedWithTheWaitsInOrder() throws {
        var sleeps: [Double] = []
        var heard: [Double] = []
        var attempts: [Int] = []
        let value = try Backoff(initial: 0.5, multiplier: 3, maximum: 2).retry(
            sleep: { sleeps.append($0) }, willRetry: { _, wait in heard.append(wait) }
        ) { attempt throws(NavClientError) -> String in
            attempts.append(attempt)
            switch attempt {
            case 1, 2: throw .unreachable(path: "/tmp/x.sock", reason: "Connection refused")
            case 3: throw .disconnected("navd closed the connection")
            default: return "connected"
            }
        }
        #expect(value == "connected")
        #expect(attempts == [1, 2, 3, 4])
        #expect(sleeps == [0.5, 1.5, 2])
        #expect(heard == sleeps)
    }

    @Test func aDaemonErrorIsFinal() {
        var attempts = 0
        let error = RPCError(code: .invalidParams, message: "bad", data: ["reason": "invalidParams"])
        #expect(throws: NavClientError.self) {
            try Backoff().retry(sleep: { _ in Issue.record("slept after a final error") }) { _ throws(NavClientError) -> Int in
                attempts += 1
                throw .rpc(error)
            }
        }
        #expect(attempts == 1)
    }

    @Test func givesUpAfterMaxAttemptsWithTheLastError() {
        var sleeps: [Double] = []
        do {
            _ = try Backoff(initial: 0.1, maxAttempts: 3).retry(sleep: { sleeps.append($0) }) { attempt throws(NavClientError) -> Int in
                throw .unreachable(path: "/p", reason: "attempt \(attempt)")
            }
            Issue.record("retry succeeded without a connection")
        } catch {
            guard case .unreachable(_, let reason) = error else { Issue.record("unexpected \(error)"); return }
            #expect(reason == "attempt 3")
        }
        #expect(sleeps == [0.1, 0.2])
    }

    @Test func sleepWaitsAboutThatLong() {
        let clock = ContinuousClock()
        let elapsed = clock.measure { Backoff.sleep(0.05) }
        #expect(elapsed >= .milliseconds(50))
        #expect(elapsed < .seconds(1))
    }
}
