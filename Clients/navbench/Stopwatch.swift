/// Timing helpers on `ContinuousClock`.
enum Stopwatch {
    static func nanoseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    /// The median of several runs of `body`, in nanoseconds.
    static func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var samples: [Double] = []
        for _ in 0..<max(runs, 1) {
            let start = clock.now
            try body()
            samples.append(nanoseconds(clock.now - start))
        }
        samples.sort()
        return samples[samples.count / 2]
    }
}
