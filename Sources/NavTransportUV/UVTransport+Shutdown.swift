internal import CLibUV

/// A graceful shutdown in progress.
struct ShutdownState {
    var completion: (() -> Void)?
    var deadline: TimerID?
}

extension UVTransport {
    /// Stops accepting, closes every connection after its queued bytes are written (`.shutdown`),
    /// cuts off whatever is still unwritten after `flushTimeout`, and once every connection has
    /// reported `closed`, calls `then` (on the loop thread, from a callback, never from inside this
    /// call). Send any goodbye bytes before calling this: later `send`s are ignored. The loop keeps
    /// running; `then` usually calls `stop()`. Calling it again while one is in progress does nothing.
    public func shutdown(flushTimeout: Duration, then completion: @escaping () -> Void) {
        guard phase == .ready || phase == .running, shutdownState == nil else { return }
        stopListening()
        shutdownState = ShutdownState(completion: completion)
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            beginClose(connection, reason: .shutdown, flush: true)
        }
        let deadline = addTimer(after: connections.isEmpty ? .zero : flushTimeout) { [weak self] in
            guard let self else { return }
            shutdownState?.deadline = nil
            for connection in connections.values.sorted(by: { $0.id < $1.id }) {
                closeNow(connection, reason: .shutdown)
            }
            shutdownProgressed()
        }
        shutdownState?.deadline = deadline
    }

    /// Called whenever a connection finished closing, and by the deadline: when none is left,
    /// the shutdown is complete.
    func shutdownProgressed() {
        guard connections.isEmpty, let state = shutdownState, let completion = state.completion else { return }
        shutdownState?.completion = nil
        if let deadline = state.deadline {
            cancelTimer(deadline)
        }
        completion()
    }
}
