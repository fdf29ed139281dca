import Foundation

/// Another client, on its own connection, asking `nav.state` in a closed loop while a scenario
/// runs: its p99 shows what one client's big request costs everyone else (a request that
/// holds the single loop for a second makes every other client wait a second).
final class StatePoller: @unchecked Sendable {
    private let lock = NSLock()
    private var stopping = false
    private var histogram = makeLatencyHistogram()
    private var failure: String?
    private let done = DispatchGroup()

    /// Starts polling on a new connection to `path`.
    init(path: String) throws {
        let client = try LineClient(path: path)
        nonisolated(unsafe) let connection = client
        done.enter()
        Thread.detachNewThread { [self] in
            var mine = makeLatencyHistogram()
            do {
                while !isStopping {
                    let sent = Clock.nanoseconds()
                    try connection.send(#"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"# + "\n")
                    try connection.readLine()
                    _ = mine.record(Clock.nanoseconds() - sent)
                }
            } catch {
                lock.lock()
                failure = "\(error)"
                lock.unlock()
            }
            lock.lock()
            histogram.add(mine)
            lock.unlock()
            done.leave()
        }
    }

    private var isStopping: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopping
    }

    /// Stops after the request in flight; returns the p99 latency in milliseconds.
    func stop() throws -> Double {
        lock.lock()
        stopping = true
        lock.unlock()
        done.wait()
        if let failure { throw BenchError("the nav.state poller failed: \(failure)") }
        return histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(99)) / 1e6
    }
}
