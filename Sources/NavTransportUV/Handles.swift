internal import CLibUV

// libuv's handle types share a common head (uv_handle_t, then uv_stream_t for pipes), the C
// way of subclassing; these casts are how Swift passes a pipe where libuv wants its base type.

func asHandle<Handle>(_ pointer: UnsafeMutablePointer<Handle>) -> UnsafeMutablePointer<uv_handle_t> {
    UnsafeMutablePointer<uv_handle_t>(OpaquePointer(pointer))
}

func asStream(_ pipe: UnsafeMutablePointer<uv_pipe_t>) -> UnsafeMutablePointer<uv_stream_t> {
    UnsafeMutablePointer<uv_stream_t>(OpaquePointer(pipe))
}

/// Memory for a libuv handle or request. Whoever calls `uv_*_init` allocates it; only its close
/// callback frees it (for a request: the close callback of its handle), because libuv may touch a
/// handle until that callback has run.
func allocateUV<Handle>(_ type: Handle.Type) -> UnsafeMutablePointer<Handle> {
    UnsafeMutablePointer<Handle>.allocate(capacity: 1)
}

extension UVTransport {
    /// The transport whose loop this is, or nil once the transport is being torn down in `deinit`
    /// (its close callbacks then only free memory). `loop->data` holds it unretained.
    static func owning(_ loop: UnsafeMutablePointer<uv_loop_t>?) -> UVTransport? {
        guard let data = loop?.pointee.data else { return nil }
        return Unmanaged<UVTransport>.fromOpaque(data).takeUnretainedValue()
    }

    static func owning<Handle>(handle: UnsafeMutablePointer<Handle>) -> UVTransport? {
        owning(asHandle(handle).pointee.loop)
    }
}

/// Close callback of handles that carry no context (the listener, a refused peer, signal
/// handles, the transport's own prepare and sweep handles): frees the handle's memory.
func freeHandleOnClose(_ handle: UnsafeMutablePointer<uv_handle_t>?) {
    handle?.deallocate()
}
