internal import CLibUV

/// One accepted peer: its pipe handle, write queue and flow-control state. `pipe->data` holds
/// it retained (+1) from accept until the pipe's close callback; `writeRequest->data` points to
/// it unretained (the write callback always runs before the close callback).
final class Connection {
    enum State {
        case open
        /// Closing once the queued bytes are written; reads stopped, new sends ignored.
        case flushing(CloseReason)
        /// `uv_close` was called; the close callback will report `closed`.
        case closing(CloseReason)
    }

    let id: ConnectionID
    let peer: PeerCredentials
    let pipe: UnsafeMutablePointer<uv_pipe_t>
    /// At most one write is in flight per connection, so one request serves its whole life.
    let writeRequest: UnsafeMutablePointer<uv_write_t>

    var state = State.open
    /// Queued by `send` since the last write started.
    var pending = WriteBuffer()
    /// Memory of the write in flight (kept alive until its callback), or empty.
    var inFlight = WriteBuffer()
    var writing = false
    /// On the transport's list of connections to write at the end of this loop iteration.
    var isDirty = false
    /// Reading is paused because unsent bytes passed the high watermark.
    var congested = false
    /// The delegate has been told `congested` and not yet `drained`.
    var congestionReported = false
    var reading = false
    /// Monotonic time (ms) of the last write progress, or of the flush point that left bytes
    /// queued (bytes not tried yet are never stalled: see `sweepStalls`).
    var lastProgress: UInt64 = 0
    /// libuv's count of in-flight bytes not yet written, when last looked at.
    var writeQueueSeen = 0

    init(id: ConnectionID, peer: PeerCredentials, pipe: UnsafeMutablePointer<uv_pipe_t>) {
        self.id = id
        self.peer = peer
        self.pipe = pipe
        writeRequest = allocateUV(uv_write_t.self)
    }

    var stream: UnsafeMutablePointer<uv_stream_t> { asStream(pipe) }

    var isOpen: Bool {
        if case .open = state { return true }
        return false
    }

    var isClosing: Bool {
        if case .closing = state { return true }
        return false
    }

    /// Bytes queued or in flight that the kernel has not taken yet.
    var unsentBytes: Int {
        pending.count + (writing ? uv_stream_get_write_queue_size(stream) : 0)
    }

    /// Called from the pipe's close callback: libuv is done with both.
    func freeHandles() {
        writeRequest.deallocate()
        pipe.deallocate()
    }
}
