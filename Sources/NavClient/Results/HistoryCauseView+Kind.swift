public import NavProtocol

/// What a past revision's cause asked for, decoded: a revision navd made on its own, or the
/// call of the request that made it, its params read as navd reads a request's.
public enum HistoryCauseKind: Sendable, Hashable {
    /// `daemon.start`, `daemon.migrate`.
    case daemon(DaemonCause)
    case call(RPCCall)
    /// A method or params this client does not know how to read (a newer navd's), kept as
    /// `method` and `params` only.
    case unknown
}

extension HistoryCauseView {
    /// The cause decoded.
    public var kind: HistoryCauseKind {
        if let cause = DaemonCause(rawValue: method) { return .daemon(cause) }
        guard let rpcMethod = RPCMethod(rawValue: method), let call = try? RPCCall(method: rpcMethod, params: .object(params)) else {
            return .unknown
        }
        return .call(call)
    }
}
