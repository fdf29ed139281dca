internal import CLibUV

extension UVTransport {
    /// Queues bytes for a connection. Never blocks and never drops: the bytes go out with the
    /// connection's one write of this loop iteration, whatever their size (one reply larger
    /// than `maxQueuedBytes` is delivered to a client that reads it). Ignored for a connection
    /// that is closing or gone. Past the high watermark reading stops, and the delegate hears
    /// `congested` before the write starts; the result says so at once: whether the unsent
    /// bytes, these included, are above the high watermark, so the owner can stop adding what
    /// it can hold back (notifications it coalesces) within the same read.
    ///
    /// A connection that already has more than `maxQueuedBytes` unsent when more bytes come is
    /// closed (`tooFarBehind`): its backlog grows past the limit although congestion was
    /// reported, which an owner that coalesces never does (see `Configuration.maxQueuedBytes`).
    @discardableResult
    public func send(_ bytes: UnsafeRawBufferPointer, to id: ConnectionID) -> Bool {
        guard !bytes.isEmpty, let connection = connection(for: id), connection.isOpen else { return false }
        let before = connection.unsentBytes
        guard before <= configuration.maxQueuedBytes else {
            closeNow(connection, reason: .tooFarBehind(
                "too far behind: \(before) bytes unsent, more than the limit of \(configuration.maxQueuedBytes), and more queued"))
            return true
        }
        let unsent = before + bytes.count
        // No clock reading here: bytes not yet tried are not stalled (the sweep skips a
        // connection waiting for its flush), and most are written whole at the flush point.
        if before == 0 { watchForStalls() }
        connection.pending.append(bytes)
        if unsent > configuration.highWatermark && !connection.congested {
            connection.congested = true
            updateReading(connection)
            var reports: [Connection] = []
            swap(&reports, &congestionToReport)
            reports.append(connection)
            swap(&reports, &congestionToReport)
        }
        markDirty(connection)
        return connection.congested
    }

    /// Puts a connection on the list to write at the flush point, once.
    func markDirty(_ connection: Connection) {
        guard !connection.isDirty else { return }
        connection.isDirty = true
        var list: [Connection] = []
        swap(&list, &dirty)
        list.append(connection)
        swap(&list, &dirty)
    }

    @discardableResult
    public func send(_ bytes: [UInt8], to id: ConnectionID) -> Bool {
        bytes.withUnsafeBytes { send($0, to: id) }
    }

    /// Bytes queued for the connection that the kernel has not taken yet (0 for an unknown id).
    public func queuedBytes(_ id: ConnectionID) -> Int {
        guard let connection = connection(for: id) else { return 0 }
        return connection.unsentBytes
    }

    /// The flush point, once per loop iteration: tell the delegate it is reached
    /// (`transportWillFlush`, when the configuration asks for it) and about new congestion, then start one write per connection with
    /// everything it queued. A write that completes at once may tell the delegate `drained`,
    /// whose sends are flushed here too, before the loop waits.
    func flush() {
        if configuration.reportsFlushPoints { delegate?.transportWillFlush(self) }
        repeat {
            while !congestionToReport.isEmpty {
                var reports: [Connection] = []
                swap(&reports, &congestionToReport)
                for connection in reports where connection.isOpen && connection.congested && !connection.congestionReported {
                    connection.congestionReported = true
                    delegate?.transport(self, congested: connection.id)
                }
            }
            guard !dirty.isEmpty else { return }
            var batch: [Connection] = []
            swap(&batch, &dirty)
            // In the order queued, each taken out of the list as it is written: the list ends
            // empty, with nothing left to destroy element by element, and its buffer goes back
            // for the next iteration's sends (no allocation each).
            batch.reverse()
            while let connection = batch.popLast() {
                connection.isDirty = false
                startWrite(connection)
            }
            if dirty.isEmpty { swap(&batch, &dirty) }
        } while !dirty.isEmpty || !congestionToReport.isEmpty
    }

    /// One write of the connection's pending bytes, unless a write is still in flight (its
    /// callback marks the connection dirty again).
    ///
    /// First `uv_try_write`: most batches fit the socket buffer and are written there and then,
    /// with no write request, no callback in a later iteration and no `epoll_ctl` (libuv re-arms
    /// the descriptor when a write request drains: one more system call per write). What the
    /// kernel does not take goes out with `uv_write`: the pending buffer becomes the in-flight
    /// one, whose memory nothing touches until the write callback.
    func startWrite(_ connection: Connection) {
        guard !connection.writing, !connection.pending.isEmpty, !connection.isClosing else { return }
        let filled = connection.pending
        writeCount += 1
        var attempt = uv_buf_t(base: filled.base?.assumingMemoryBound(to: CChar.self), len: filled.count)
        let written = Int(uv_try_write(connection.stream, &attempt, 1))
        if written == filled.count {
            filled.removeAll(keepingCapacityUpTo: configuration.highWatermark)
            didMakeProgress(connection)
            return
        }
        if written > 0 {
            filled.removeFirst(written)
        } else if written != Int(UV_EAGAIN.rawValue) {
            filled.removeAll(keepingCapacityUpTo: 0)
            closeNow(connection, reason: .writeError(SystemError(uv: Int32(written)).message))
            return
        }
        // Bytes stay queued: from here the stall clock runs.
        connection.lastProgress = UVTransport.monotonicMilliseconds()
        connection.pending = connection.inFlight
        connection.inFlight = filled
        var buffer = uv_buf_t(base: filled.base?.assumingMemoryBound(to: CChar.self), len: filled.count)
        connection.writing = true
        let status = uv_write(connection.writeRequest, connection.stream, &buffer, 1, onWrite)
        guard status == 0 else {
            connection.writing = false
            filled.removeAll(keepingCapacityUpTo: 0)
            closeNow(connection, reason: .writeError(SystemError(uv: status).message))
            return
        }
        connection.writeQueueSeen = uv_stream_get_write_queue_size(connection.stream)
    }

    /// The write in flight is done (or failed, or was cancelled by `uv_close`).
    func didWrite(_ connection: Connection, status: Int32) {
        connection.writing = false
        connection.inFlight.removeAll(keepingCapacityUpTo: configuration.highWatermark)
        guard status != UV_ECANCELED.rawValue else { return }
        guard status == 0 else {
            closeNow(connection, reason: .writeError(SystemError(uv: status).message))
            return
        }
        didMakeProgress(connection)
    }

    /// Everything that was being written is written: note the progress, write what queued
    /// meanwhile, finish a flushing close, resume reading below the low watermark.
    func didMakeProgress(_ connection: Connection) {
        connection.writeQueueSeen = 0
        if !connection.pending.isEmpty {
            // The clock matters only while bytes are queued (the common whole write leaves none).
            connection.lastProgress = UVTransport.monotonicMilliseconds()
            markDirty(connection)
        } else if case .flushing(let reason) = connection.state {
            closeNow(connection, reason: reason)
            return
        }
        if connection.congested && connection.unsentBytes < configuration.lowWatermark {
            connection.congested = false
            updateReading(connection)
            if connection.congestionReported {
                connection.congestionReported = false
                delegate?.transport(self, drained: connection.id)
            }
        }
    }
}

/// `uv_prepare_cb` of the flush handle.
func onFlush(_ handle: UnsafeMutablePointer<uv_prepare_t>?) {
    guard let handle else { return }
    UVTransport.owning(handle: handle)?.flush()
}

/// `uv_write_cb`: `req->data` is the connection, alive until its pipe's close callback.
private func onWrite(_ request: UnsafeMutablePointer<uv_write_t>?, _ status: Int32) {
    guard let request, let context = request.pointee.data,
          let transport = UVTransport.owning(request.pointee.handle?.pointee.loop)
    else { return }
    transport.didWrite(Unmanaged<Connection>.fromOpaque(context).takeUnretainedValue(), status: status)
}
