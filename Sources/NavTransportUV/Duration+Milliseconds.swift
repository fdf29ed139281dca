extension Duration {
    /// Whole milliseconds for libuv's timers, rounded up so a short positive delay never becomes 0.
    var uvMilliseconds: UInt64 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, self > .zero else { return 0 }
        let perMillisecond: Int64 = 1_000_000_000_000_000
        let partial = (attoseconds + perMillisecond - 1) / perMillisecond
        return UInt64(seconds) * 1000 + UInt64(partial)
    }
}
