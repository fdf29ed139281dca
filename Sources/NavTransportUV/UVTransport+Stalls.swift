internal import CLibUV

extension UVTransport {
    /// Monotonic time in ms for write-progress bookkeeping: the real time of the event, unlike
    /// `uv_now`, which is cached at the start of the loop iteration.
    static func monotonicMilliseconds() -> UInt64 {
        uv_hrtime() / 1_000_000
    }

    /// Starts the stall sweep if it is not running; it stops itself when no bytes are queued.
    func watchForStalls() {
        guard uv_is_active(asHandle(stallTimer)) == 0 else { return }
        uv_timer_start(stallTimer, onStallSweep, sweepInterval, sweepInterval)
    }

    /// A fifth of the stall timeout, between 5 ms and 1 s: a stall is caught within 120% of it.
    var sweepInterval: UInt64 {
        min(max(configuration.stallTimeout.uvMilliseconds / 5, 5), 1000)
    }

    /// Closes connections whose queued bytes made no progress for `stallTimeout`. Progress is a
    /// finished write, or libuv's count of unwritten in-flight bytes going down (a big write
    /// that a slow reader takes bit by bit is progress too).
    func sweepStalls() {
        let now = UVTransport.monotonicMilliseconds()
        let limit = configuration.stallTimeout.uvMilliseconds
        var anyQueued = false
        let open = connections.values
        for connection in open where !connection.isClosing {
            let inFlight = connection.writing ? uv_stream_get_write_queue_size(connection.stream) : 0
            let unsent = connection.pending.count + inFlight
            guard unsent > 0 else { continue }
            anyQueued = true
            // Queued since the last flush point and not tried yet: the next one writes them.
            if connection.isDirty && !connection.writing { continue }
            if inFlight < connection.writeQueueSeen {
                connection.lastProgress = now
            }
            connection.writeQueueSeen = inFlight
            if now - connection.lastProgress >= limit {
                closeNow(connection, reason: .tooFarBehind(
                    "too far behind: no write progress for \(configuration.stallTimeout) with \(unsent) bytes unsent"))
            }
        }
        if !anyQueued {
            uv_timer_stop(stallTimer)
        }
    }
}

/// `uv_timer_cb` of the stall sweep.
private func onStallSweep(_ handle: UnsafeMutablePointer<uv_timer_t>?) {
    guard let handle else { return }
    UVTransport.owning(handle: handle)?.sweepStalls()
}
