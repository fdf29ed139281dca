import NavTransportUV

/// A delegate that writes down every call, in order, and runs the test's reactions. It lives on
/// the loop thread like the transport.
final class Recorder: TransportDelegate {
    enum Event: Equatable, CustomStringConvertible {
        case shouldAccept(PeerCredentials)
        case opened(ConnectionID)
        case received(ConnectionID, [UInt8])
        case closed(ConnectionID, CloseReason)
        case congested(ConnectionID)
        case drained(ConnectionID)
        case signal(Int32)
        case notice(TransportNotice)

        var description: String {
            switch self {
            case .shouldAccept(let peer): "shouldAccept(\(peer))"
            case .opened(let id): "opened(\(id))"
            case .received(let id, let bytes): "received(\(id), \(bytes.count) bytes)"
            case .closed(let id, let reason): "closed(\(id), \(reason))"
            case .congested(let id): "congested(\(id))"
            case .drained(let id): "drained(\(id))"
            case .signal(let signal): "signal(\(signal))"
            case .notice(let notice): "notice(\(notice))"
            }
        }
    }

    var events: [Event] = []
    var accept: (PeerCredentials) -> Bool = { _ in true }
    var onOpened: (UVTransport, ConnectionID) -> Void = { _, _ in }
    var onReceived: (UVTransport, ConnectionID, [UInt8]) -> Void = { _, _, _ in }
    var onClosed: (UVTransport, ConnectionID, CloseReason) -> Void = { _, _, _ in }
    var onCongested: (UVTransport, ConnectionID) -> Void = { _, _ in }
    var onDrained: (UVTransport, ConnectionID) -> Void = { _, _ in }
    var onSignal: (UVTransport, Int32) -> Void = { _, _ in }
    var onWillFlush: (UVTransport) -> Void = { _ in }

    /// Every connection's received bytes, joined.
    func receivedBytes(_ id: ConnectionID) -> [UInt8] {
        events.flatMap { event -> [UInt8] in
            if case .received(id, let bytes) = event { return bytes }
            return []
        }
    }

    var opened: [ConnectionID] {
        events.compactMap { if case .opened(let id) = $0 { id } else { nil } }
    }

    var closed: [ConnectionID: CloseReason] {
        var found: [ConnectionID: CloseReason] = [:]
        for case .closed(let id, let reason) in events {
            found[id] = reason
        }
        return found
    }

    /// The events that are not reads, for "assert the whole story" checks.
    var lifecycle: [Event] {
        events.filter { if case .received = $0 { false } else { true } }
    }

    func transport(_ transport: UVTransport, shouldAccept peer: PeerCredentials) -> Bool {
        events.append(.shouldAccept(peer))
        return accept(peer)
    }

    func transport(_ transport: UVTransport, opened connection: ConnectionID, peer: PeerCredentials) {
        events.append(.opened(connection))
        onOpened(transport, connection)
    }

    func transport(_ transport: UVTransport, received bytes: UnsafeRawBufferPointer, from connection: ConnectionID) {
        events.append(.received(connection, Array(bytes)))
        onReceived(transport, connection, Array(bytes))
    }

    func transport(_ transport: UVTransport, closed connection: ConnectionID, reason: CloseReason) {
        events.append(.closed(connection, reason))
        onClosed(transport, connection, reason)
    }

    func transport(_ transport: UVTransport, congested connection: ConnectionID) {
        events.append(.congested(connection))
        onCongested(transport, connection)
    }

    func transport(_ transport: UVTransport, drained connection: ConnectionID) {
        events.append(.drained(connection))
        onDrained(transport, connection)
    }

    func transport(_ transport: UVTransport, signal: Int32) {
        events.append(.signal(signal))
        onSignal(transport, signal)
    }

    func transport(_ transport: UVTransport, notice: TransportNotice) {
        events.append(.notice(notice))
    }

    func transportWillFlush(_ transport: UVTransport) {
        onWillFlush(transport)
    }
}
