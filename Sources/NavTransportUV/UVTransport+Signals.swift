internal import CLibUV

extension UVTransport {
    /// Reports each of these signals to the delegate (`transport(_:signal:)`) on the loop thread,
    /// through `uv_signal`. Watching a signal keeps `run()` going. Already watched ones are skipped.
    /// SIGPIPE is a different matter: see `ignoreSIGPIPE()`. Throws for a signal libuv cannot
    /// watch (an invalid number, SIGKILL); the signals before it in the list stay watched.
    public func watchSignals(_ signals: [Int32]) throws(TransportError) {
        guard phase == .ready || phase == .running else { throw .finished }
        for signal in signals where signalHandles[signal] == nil {
            let handle = allocateUV(uv_signal_t.self)
            uv_signal_init(loop, handle)
            let status = uv_signal_start(handle, onSignal, signal)
            guard status == 0 else {
                uv_close(asHandle(handle), freeHandleOnClose)
                throw TransportError(.system, "cannot watch signal \(signal): \(SystemError(uv: status))")
            }
            signalHandles[signal] = handle
        }
    }
}

/// `uv_signal_cb`.
private func onSignal(_ handle: UnsafeMutablePointer<uv_signal_t>?, _ signal: Int32) {
    guard let handle, let transport = UVTransport.owning(handle: handle) else { return }
    transport.delegate?.transport(transport, signal: signal)
}
