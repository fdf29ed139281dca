internal import CLibUV

extension UVTransport {
    /// Closes every handle this transport made. Their close callbacks run on the next pass of
    /// the loop, where connections report `closed` (`.shutdown`) — unless `deinit` has cleared
    /// `loop->data`, and the callbacks only free memory.
    func closeAllHandles() {
        if let listener {
            self.listener = nil
            uv_close(asHandle(listener), freeHandleOnClose)
        }
        for connection in connections.values.sorted(by: { $0.id < $1.id }) {
            closeNow(connection, reason: .shutdown)
        }
        for id in timers.keys.sorted(by: { $0.raw < $1.raw }) {
            cancelTimer(id)
        }
        for signal in signalHandles.keys.sorted() {
            uv_close(asHandle(signalHandles[signal]!), freeHandleOnClose)
        }
        signalHandles = [:]
        var dropped: [Connection] = []
        swap(&dropped, &dirty)
        dropped = []
        swap(&dropped, &congestionToReport)
        shutdownState = nil
        uv_close(asHandle(flushHandle), freeHandleOnClose)
        uv_close(asHandle(stallTimer), freeHandleOnClose)
    }

    /// `uv_loop_close`, after the loop has run every close callback. A handle still open here is
    /// a bug in this file's bookkeeping: it is reported (and trips an assertion in debug builds).
    func closeLoop() {
        let status = uv_loop_close(loop)
        guard status == 0 else {
            var open = 0
            uv_walk(loop, countHandle, &open)
            if loop.pointee.data != nil {
                delegate?.transport(self, notice: .handlesLeaked(count: open))
            }
            assertionFailure("navd transport: uv_loop_close: \(SystemError(uv: status)), \(open) handle(s) open")
            return
        }
        loop.deallocate()
        isClosed = true
    }
}

/// `uv_walk` callback: counts the handles still on the loop.
private func countHandle(_ handle: UnsafeMutablePointer<uv_handle_t>?, _ counter: UnsafeMutableRawPointer?) {
    counter?.assumingMemoryBound(to: Int.self).pointee += 1
}
