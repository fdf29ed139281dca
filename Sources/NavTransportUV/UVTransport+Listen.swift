internal import CLibUV
internal import Glibc
internal import NavSystem

extension UVTransport {
    /// Binds a Unix stream socket at `path`, makes it 0600 and starts accepting. The path must be
    /// free (see `SocketPath.claim()` for the policy that gets it there).
    ///
    /// The socket is bound here, not by `uv_pipe_bind`, for two reasons: libuv 1.44 silently
    /// truncates a path longer than `sun_path`, and it unlinks the path when the listener closes —
    /// even when the file there is no longer ours. Removing the socket is the owner's decision,
    /// through the returned `ListeningSocket.removeIfOwn()`.
    @discardableResult
    public func listen(at path: String, backlog: Int32 = 511) throws(TransportError) -> ListeningSocket {
        guard phase == .ready || phase == .running else { throw .finished }
        if listener != nil, let listeningSocket { throw .alreadyListening(listeningSocket.path) }
        try SocketPath.checkLength(path)

        let fd = UnixSocket.open()
        guard fd >= 0 else { throw .system("create a socket for", path, .last) }
        let bound = UnixSocket.bind(fd, to: path)
        guard bound == 0 else {
            Glibc.close(fd)
            if bound == EADDRINUSE { throw .addressInUse(path) }
            throw .system("bind a socket at", path, SystemError(errno: bound))
        }
        let socket: ListeningSocket
        do throws(TransportError) {
            guard chmod(path, 0o600) == 0 else { throw .system("make the socket private (chmod 600)", path, .last) }
            socket = try ListeningSocket(boundAt: path)
        } catch {
            unlink(path)
            Glibc.close(fd)
            throw error
        }

        let pipe = allocateUV(uv_pipe_t.self)
        uv_pipe_init(loop, pipe, 0)
        var status = uv_pipe_open(pipe, fd)
        if status == 0 {
            status = uv_listen(asStream(pipe), backlog, onConnection)
        }
        guard status == 0 else {
            uv_close(asHandle(pipe), freeHandleOnClose)
            unlink(path)
            throw .system("listen on", path, SystemError(uv: status))
        }
        listener = pipe
        listeningSocket = socket
        return socket
    }

    /// Stops accepting: closes the listening socket. The socket file stays until the owner calls
    /// `ListeningSocket.removeIfOwn()`; open connections are untouched.
    public func stopListening() {
        guard let listener else { return }
        self.listener = nil
        uv_close(asHandle(listener), freeHandleOnClose)
    }

    /// A peer is waiting on the listener: accept it, read its credentials, apply the client limit
    /// and the delegate's peer check, and only then open it and start reading.
    func accept(from server: UnsafeMutablePointer<uv_stream_t>, status: Int32) {
        guard status == 0 else {
            delegate?.transport(self, notice: .acceptFailed(SystemError(uv: status).message))
            return
        }
        let pipe = allocateUV(uv_pipe_t.self)
        uv_pipe_init(loop, pipe, 0)
        let accepted = uv_accept(server, asStream(pipe))
        guard accepted == 0 else {
            uv_close(asHandle(pipe), freeHandleOnClose)
            delegate?.transport(self, notice: .acceptFailed(SystemError(uv: accepted).message))
            return
        }
        var fd: uv_os_fd_t = -1
        uv_fileno(asHandle(pipe), &fd)
        let peer: PeerCredentials
        switch PeerCredentials.of(socket: fd) {
        case .success(let credentials):
            peer = credentials
        case .failure(let error):
            uv_close(asHandle(pipe), freeHandleOnClose)
            delegate?.transport(self, notice: .acceptFailed("cannot read the peer's credentials: \(error)"))
            return
        }
        if let limit = UVTransport.descriptorLimit, fd >= limit - UVTransport.reservedDescriptors {
            uv_close(asHandle(pipe), freeHandleOnClose)
            delegate?.transport(self, notice: .refusedOutOfDescriptors(peer: peer, descriptor: fd, limit: Int(limit)))
            return
        }
        guard connections.count < configuration.maxClients else {
            tellRefused(asStream(pipe))
            uv_close(asHandle(pipe), freeHandleOnClose)
            delegate?.transport(self, notice: .refusedTooManyClients(peer: peer, limit: configuration.maxClients))
            return
        }
        guard let delegate, delegate.transport(self, shouldAccept: peer), phase == .running || phase == .ready,
              shutdownState == nil
        else {
            uv_close(asHandle(pipe), freeHandleOnClose)
            return
        }
        let connection = Connection(id: .next(), peer: peer, pipe: pipe)
        pipe.pointee.data = Unmanaged.passRetained(connection).toOpaque()
        connection.writeRequest.pointee.data = Unmanaged.passUnretained(connection).toOpaque()
        connections.insert(connection, for: connection.id.raw)
        delegate.transport(self, opened: connection.id, peer: peer)
        updateReading(connection)
    }
}

extension UVTransport {
    /// Descriptors kept free below the process's limit: a peer accepted on one of them is
    /// refused (and logged), so the loop itself (timers, the socket probe, logs) never meets
    /// EMFILE, and neither does `accept` (libuv would then close waiting peers silently).
    static let reservedDescriptors: Int32 = 16

    /// The soft RLIMIT_NOFILE, or nil when unlimited (or too large to matter).
    static var descriptorLimit: Int32? {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(Int32.max) else { return nil }
        return Int32(limit.rlim_cur)
    }

    /// `tooManyClientsReply`, written at once and only if the kernel takes it whole (it always
    /// does on a new connection): the refused peer reads why before it reads the end.
    func tellRefused(_ stream: UnsafeMutablePointer<uv_stream_t>) {
        let reply = configuration.tooManyClientsReply
        guard !reply.isEmpty else { return }
        reply.withUnsafeBytes { bytes in
            var buffer = uv_buf_t(base: UnsafeMutablePointer(mutating: bytes.baseAddress?.assumingMemoryBound(to: CChar.self)), len: bytes.count)
            _ = uv_try_write(stream, &buffer, 1)
        }
    }
}

/// `uv_connection_cb` of the listener.
private func onConnection(_ server: UnsafeMutablePointer<uv_stream_t>?, _ status: Int32) {
    guard let server, let transport = UVTransport.owning(server.pointee.loop) else { return }
    transport.accept(from: server, status: status)
}
