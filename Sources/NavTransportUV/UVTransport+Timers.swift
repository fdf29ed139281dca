internal import CLibUV

/// What `timer->data` holds (+1 from `addTimer` to the timer's close callback).
final class TimerContext {
    let id: TimerID
    let repeats: Bool
    let body: () -> Void

    init(id: TimerID, repeats: Bool, body: @escaping () -> Void) {
        self.id = id
        self.repeats = repeats
        self.body = body
    }
}

extension UVTransport {
    /// Runs `body` on the loop thread after `after`, then every `repeat` if given (at least 1 ms)
    /// until cancelled. A timer keeps `run()` going while it is scheduled. `after` counts from
    /// this call (not from the start of the loop iteration, libuv's cached time), to the millisecond.
    @discardableResult
    public func addTimer(after: Duration, repeat interval: Duration? = nil, _ body: @escaping () -> Void) -> TimerID {
        precondition(phase == .ready || phase == .running, "UVTransport.addTimer after run() returned")
        let id = TimerID.next()
        let context = TimerContext(id: id, repeats: interval != nil, body: body)
        let timer = allocateUV(uv_timer_t.self)
        uv_timer_init(loop, timer)
        uv_update_time(loop)
        timer.pointee.data = Unmanaged.passRetained(context).toOpaque()
        uv_timer_start(timer, onTimer, after.uvMilliseconds, interval.map { max($0.uvMilliseconds, 1) } ?? 0)
        timers[id] = timer
        return id
    }

    /// Stops a timer; its body will not run again. Unknown or finished ids are ignored.
    public func cancelTimer(_ id: TimerID) {
        guard let timer = timers.removeValue(forKey: id) else { return }
        uv_close(asHandle(timer), onTimerClosed)
    }

    func fire(_ context: TimerContext) {
        if !context.repeats {
            cancelTimer(context.id)
        }
        context.body()
    }
}

/// `uv_timer_cb` of `addTimer` timers.
private func onTimer(_ handle: UnsafeMutablePointer<uv_timer_t>?) {
    guard let handle, let data = handle.pointee.data, let transport = UVTransport.owning(handle: handle) else { return }
    transport.fire(Unmanaged<TimerContext>.fromOpaque(data).takeUnretainedValue())
}

/// Close callback of `addTimer` timers: releases the context, frees the handle.
private func onTimerClosed(_ handle: UnsafeMutablePointer<uv_handle_t>?) {
    guard let handle else { return }
    if let data = handle.pointee.data {
        Unmanaged<TimerContext>.fromOpaque(data).release()
    }
    handle.deallocate()
}
