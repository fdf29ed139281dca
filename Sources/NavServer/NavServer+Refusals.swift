import NavProtocol
import NavigationCore
import NavJSON

/// What navd says to a peer it will not serve, before it closes it.
extension NavServer {
    /// The one line a peer over `--max-clients` reads before the end: a JSON-RPC error with
    /// `id: null` (it answers no request), `-32009 limitExceeded`, `data.limit` the limit and
    /// `data.what` `"clients"`.
    public static func tooManyClientsReply(limit: Int) -> [UInt8] {
        let error = RPCFailure(
            .limitExceeded, "too many clients: navd serves at most \(limit) connections at once; try again later",
            data: ["limit": .int(limit), "what": "clients"])
        var out = JSONBuffer()
        RPCEncoder.failure(id: .null, error: error, into: &out)
        return out.bytes
    }

    /// One status line's facts, for SIGUSR1/SIGUSR2: the revision and who is connected.
    public var status: (revision: Int, clients: Int, subscribers: Int) {
        (engine.revision, connections.count, subscribers.count)
    }
}
