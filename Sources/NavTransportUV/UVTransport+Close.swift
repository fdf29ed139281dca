internal import CLibUV

extension UVTransport {
    /// Closes a connection (reason `.closedByServer`). With `flush`, reading stops at once and the
    /// socket closes after the bytes already queued are written; later `send`s are ignored.
    /// `closed` reaches the delegate from the close callback, never from inside this call.
    public func close(_ id: ConnectionID, flush: Bool) {
        guard let connection = connection(for: id) else { return }
        beginClose(connection, reason: .closedByServer, flush: flush)
    }

    func beginClose(_ connection: Connection, reason: CloseReason, flush: Bool) {
        guard connection.isOpen else {
            if !flush { closeNow(connection, reason: reason) }
            return
        }
        guard flush, connection.writing || !connection.pending.isEmpty else {
            closeNow(connection, reason: reason)
            return
        }
        connection.state = .flushing(reason)
        updateReading(connection)
    }

    /// `uv_close` now; queued bytes are dropped. The first reason given to a connection is the one
    /// reported (a flushing close keeps its reason when it is cut short).
    func closeNow(_ connection: Connection, reason: CloseReason) {
        let final: CloseReason
        switch connection.state {
        case .closing: return
        case .flushing(let first): final = first
        case .open: final = reason
        }
        connection.state = .closing(final)
        connection.reading = false
        uv_close(asHandle(connection.pipe), onConnectionClosed)
    }

    /// From the pipe's close callback: the connection is gone; tell the delegate, once.
    func connectionDidClose(_ connection: Connection) {
        connections.remove(connection.id.raw)
        if case .closing(let reason) = connection.state {
            delegate?.transport(self, closed: connection.id, reason: reason)
        }
        shutdownProgressed()
    }
}

/// Close callback of a connection's pipe: releases the +1 context of `pipe->data`, frees the pipe
/// and its write request (any write callback has run by now), then reports to the transport.
private func onConnectionClosed(_ handle: UnsafeMutablePointer<uv_handle_t>?) {
    guard let handle, let context = handle.pointee.data else { return }
    handle.pointee.data = nil
    let loop = handle.pointee.loop
    let connection = Unmanaged<Connection>.fromOpaque(context).takeRetainedValue()
    connection.freeHandles()
    UVTransport.owning(loop)?.connectionDidClose(connection)
}
