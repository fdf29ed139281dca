internal import Glibc

/// How long to wait between attempts to reach navd: `initial` seconds after the first
/// failure, multiplied by `multiplier` after each further one, never more than `maximum`.
/// `maxAttempts` (nil: no limit) bounds the attempts, the first one included.
public struct Backoff: Sendable, Hashable {
    public var initial: Double
    public var multiplier: Double
    public var maximum: Double
    public var maxAttempts: Int?

    public init(initial: Double = 0.1, multiplier: Double = 2, maximum: Double = 5, maxAttempts: Int? = nil) {
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
        self.maxAttempts = maxAttempts
    }

    /// A viewer's default: 0.1 s, doubling, capped at 5 s, forever.
    public static let viewer = Backoff()

    /// The wait after `failures` failed attempts in a row: 0 before any, then `initial`,
    /// `initial × multiplier`, … up to `maximum`.
    public func delay(afterFailures failures: Int) -> Double {
        guard failures > 0 else { return 0 }
        var delay = initial
        for _ in 1..<failures {
            delay *= multiplier
            if delay >= maximum { return maximum }
        }
        return min(delay, maximum)
    }

    /// Whether an error means "try again later": no daemon at the socket yet, or the
    /// connection dropped (navd restarting). A daemon's answer or a protocol problem is final.
    public static func isRetryable(_ error: NavClientError) -> Bool {
        switch error {
        case .unreachable, .disconnected: return true
        case .rpc, .timedOut, .protocolViolation: return false
        }
    }

    /// Runs `attempt` (numbered from 1) until it succeeds, waiting `delay(afterFailures:)`
    /// between tries. A final error is thrown at once; a retryable one after `maxAttempts`.
    /// `willRetry` hears each failure with the wait that follows it.
    public func retry<T>(
        sleep: (Double) -> Void = Backoff.sleep,
        willRetry: (NavClientError, Double) -> Void = { _, _ in },
        _ attempt: (Int) throws(NavClientError) -> T
    ) throws(NavClientError) -> T {
        var failures = 0
        while true {
            do {
                return try attempt(failures + 1)
            } catch {
                failures += 1
                guard Self.isRetryable(error) else { throw error }
                if let maxAttempts, failures >= maxAttempts { throw error }
                let wait = delay(afterFailures: failures)
                willRetry(error, wait)
                sleep(wait)
            }
        }
    }

    /// Sleeps on the monotonic clock, resuming after signals.
    public static func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
