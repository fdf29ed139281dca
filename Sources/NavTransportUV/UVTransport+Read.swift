internal import CLibUV

extension UVTransport {
    /// Reads while the connection is open and not congested; stops otherwise.
    func updateReading(_ connection: Connection) {
        let wanted = connection.isOpen && !connection.congested
        if wanted && !connection.reading {
            let status = uv_read_start(connection.stream, onAlloc, onRead)
            guard status == 0 else {
                closeNow(connection, reason: .readError(SystemError(uv: status).message))
                return
            }
            connection.reading = true
        } else if !wanted && connection.reading {
            uv_read_stop(connection.stream)
            connection.reading = false
        }
    }

    /// `nread` bytes (or a libuv status) arrived in the read buffer for `connection`.
    func didRead(_ count: Int, from connection: Connection) {
        if count > 0 {
            let bytes = UnsafeRawBufferPointer(rebasing: readBuffer[..<count])
            delegate?.transport(self, received: bytes, from: connection.id)
        } else if count == Int(UV_EOF.rawValue) {
            // The peer may only have shut down its sending side and still wait for replies:
            // its owner answers what is left, then the replies are flushed before closing.
            connection.reading = false
            delegate?.transport(self, endOfInput: connection.id)
            beginClose(connection, reason: .peerClosed, flush: true)
        } else if count < 0 {
            closeNow(connection, reason: .readError(SystemError(uv: Int32(count)).message))
        }
    }
}

/// `uv_alloc_cb`: every read goes into the transport's one read buffer.
private func onAlloc(
    _ handle: UnsafeMutablePointer<uv_handle_t>?, _ suggested: Int, _ buffer: UnsafeMutablePointer<uv_buf_t>?
) {
    guard let buffer else { return }
    guard let transport = UVTransport.owning(handle?.pointee.loop) else {
        buffer.pointee = uv_buf_t(base: nil, len: 0)
        return
    }
    let memory = transport.readBuffer
    buffer.pointee = uv_buf_t(base: memory.baseAddress?.assumingMemoryBound(to: CChar.self), len: memory.count)
}

/// `uv_read_cb`: hands the bytes (or the end) to the transport.
private func onRead(_ stream: UnsafeMutablePointer<uv_stream_t>?, _ count: Int, _ buffer: UnsafePointer<uv_buf_t>?) {
    guard let stream, let context = stream.pointee.data, let transport = UVTransport.owning(stream.pointee.loop)
    else { return }
    transport.didRead(count, from: Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue())
}
