import Glibc
import Logging
import NavServer
import NavStore
import NavTransportUV
import NavigationCore

/// Wires the libuv transport to the I/O-free server: every transport callback becomes one
/// server call, every server output one transport call. Lives on the loop thread.
final class Daemon: TransportDelegate {
    let server: NavServer
    let logger: Logger
    /// Peers allowed besides navd's own uid and root (`--allow-uid`).
    let allowedUIDs: Set<UInt32>
    private var stopping = false
    /// Where the server's outputs go: the transport, made at its first callback (the
    /// transport is created after the daemon, its delegate).
    private var outputs: TransportOutputs?
    /// The timer of the `event.handle` request navd waits on, and the deadline it is set for
    /// (`NavServer.listenerDeadline`).
    private var listenerTimer: (id: TimerID, deadline: Double)?
    /// A durable navd's checkpoints, made when it is quiet.
    private let checkpoint: QuietCheckpoint?

    init(server: NavServer, logger: Logger, allowedUIDs: Set<UInt32>, database: StateDatabase? = nil) {
        self.server = server
        self.logger = logger
        self.allowedUIDs = allowedUIDs
        checkpoint = database.map { QuietCheckpoint(database: $0, logger: logger) }
    }

    private func client(_ id: ConnectionID) -> ClientID { ClientID(id.raw) }

    private func outputs(to transport: UVTransport) -> TransportOutputs {
        if let outputs { return outputs }
        let made = TransportOutputs(transport: transport, logger: logger)
        outputs = made
        return made
    }

    /// The outputs of a server call that returns them as an array, carried out as a read's are.
    private func perform(_ outputs: [ServerOutput], on transport: UVTransport) {
        let handler = self.outputs(to: transport)
        for output in outputs {
            switch output {
            case .send(let id, let payload):
                payload.bytes.withUnsafeBytes { _ = handler.send($0, to: id) }
            case .close(let id, let reason):
                handler.close(id, reason: reason)
            }
        }
    }

    /// The peer check. A client of navd's own user is routine (its connect and disconnect are
    /// `debug` lines); one of root or of an `--allow-uid` user is let in with a `notice`, and one
    /// of anyone else refused with a `warning`, both visible at the default level.
    func transport(_ transport: UVTransport, shouldAccept peer: PeerCredentials) -> Bool {
        let ours = UInt32(getuid())
        if peer.uid == ours { return true }
        if peer.uid == 0 || allowedUIDs.contains(peer.uid) {
            logger.notice("accepted a client of another user", metadata: [
                "pid": "\(peer.pid)", "uid": "\(peer.uid)", "navdUID": "\(ours)",
            ])
            return true
        }
        logger.warning("refused a client of another user", metadata: [
            "pid": "\(peer.pid)", "uid": "\(peer.uid)", "navdUID": "\(ours)",
        ])
        return false
    }

    func transport(_ transport: UVTransport, opened connection: ConnectionID, peer: PeerCredentials) {
        server.connect(client(connection))
        logger.debug("client connected", metadata: ["client": "\(connection)", "pid": "\(peer.pid)", "uid": "\(peer.uid)"])
    }

    func transport(_ transport: UVTransport, received bytes: UnsafeRawBufferPointer, from connection: ConnectionID) {
        server.receive(bytes, from: client(connection), handler: outputs(to: transport))
        followListenerDeadline(transport)
    }

    /// After a call into the server: the timer moves when the listener deadline did.
    private func followListenerDeadline(_ transport: UVTransport) {
        if server.listenerDeadline != listenerTimer?.deadline { armListenerTimer(transport) }
    }

    /// Keeps one timer at the server's listener deadline: when it fires, `tick()` skips the
    /// listener that did not answer (the server itself never reads a clock to wait).
    private func armListenerTimer(_ transport: UVTransport) {
        if let listenerTimer { transport.cancelTimer(listenerTimer.id) }
        listenerTimer = nil
        guard let deadline = server.listenerDeadline else { return }
        let wait = max(0, deadline - server.configuration.clock())
        let id = transport.addTimer(after: .milliseconds(Int((wait * 1000).rounded(.up)))) { [weak self, unowned transport] in
            guard let self else { return }
            self.listenerTimer = nil
            self.perform(self.server.tick(), on: transport)
            self.armListenerTimer(transport)
        }
        listenerTimer = (id, deadline)
    }

    /// The server's outputs, handed to the transport (which only queues them): a read's as the
    /// server produces them, the others from their array. One object for the daemon's life,
    /// not one per read.
    private final class TransportOutputs: ServerOutputHandler {
        let transport: UVTransport
        let logger: Logger

        init(transport: UVTransport, logger: Logger) {
            self.transport = transport
            self.logger = logger
        }

        func send(_ bytes: UnsafeRawBufferPointer, to id: ClientID) -> Bool {
            transport.send(bytes, to: ConnectionID(raw: id.raw))
        }

        func close(_ id: ClientID, reason: String) {
            logger.info("closing client", metadata: ["client": "\(id)", "reason": "\(reason)"])
            transport.close(ConnectionID(raw: id.raw), flush: true)
        }
    }

    func transport(_ transport: UVTransport, endOfInput connection: ConnectionID) {
        perform(server.endOfInput(client(connection)), on: transport)
        followListenerDeadline(transport)
    }

    func transport(_ transport: UVTransport, closed connection: ConnectionID, reason: CloseReason) {
        perform(server.disconnect(client(connection)), on: transport)
        followListenerDeadline(transport)
        switch reason {
        case .tooFarBehind:
            logger.warning("client disconnected", metadata: ["client": "\(connection)", "reason": "\(reason)"])
        default:
            logger.debug("client disconnected", metadata: ["client": "\(connection)", "reason": "\(reason)"])
        }
    }

    func transport(_ transport: UVTransport, congested connection: ConnectionID) {
        server.congested(client(connection))
        logger.notice("client is slow: coalescing its notifications", metadata: ["client": "\(connection)"])
    }

    func transport(_ transport: UVTransport, drained connection: ConnectionID) {
        server.drained(client(connection), handler: outputs(to: transport))
    }

    /// SIGINT, SIGTERM and SIGHUP shut navd down; SIGUSR1 and SIGUSR2 log one status line
    /// (their default action would kill navd without a word and leave its socket).
    static let watchedSignals = [SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2]

    static func name(ofSignal signal: Int32) -> String {
        switch signal {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(signal)"
        }
    }

    func transport(_ transport: UVTransport, signal: Int32) {
        let name = Self.name(ofSignal: signal)
        if signal == SIGUSR1 || signal == SIGUSR2 {
            let status = server.status
            logger.notice("status", metadata: [
                "signal": "\(name)", "revision": "\(status.revision)", "clients": "\(status.clients)",
                "subscribers": "\(status.subscribers)", "stopping": "\(stopping)",
            ])
            return
        }
        guard !stopping else { return }
        stopping = true
        logger.notice("shutting down", metadata: ["signal": "\(name)"])
        transport.stopListening()
        perform(server.shutdown(reason: name), on: transport)
        transport.shutdown(flushTimeout: .seconds(3)) { transport.stop() }
    }

    /// Acknowledged means committed: the revisions of this loop iteration are committed in one
    /// transaction before the transport writes any response or notification queued meanwhile.
    /// A commit that fails stops navd at once, before that write: a client never hears of a
    /// revision that is not on disk (Protocol/semantics.md).
    func transportWillFlush(_ transport: UVTransport) {
        guard server.hasUncommittedRevisions else { return }
        do {
            try server.flushCommits()
            checkpoint?.committed(on: transport)
        } catch {
            logger.critical("cannot save the state: stopping before answering", metadata: ["error": "\(error)"])
            StandardIO.error("navd: cannot save the state (\(error)): stopped without acknowledging what was not saved\n")
            exit(1)
        }
    }

    func transport(_ transport: UVTransport, notice: TransportNotice) {
        logger.warning("\(notice)")
    }
}
