import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// One client as the server tracks it. A class: the server reaches a connection through its
/// table or its list of subscribers and changes it in place, without copying it out and back.
final class ClientConnection {
    let id: ClientID
    /// `id` as clients see it (`c3`), made once: every revision's history entry names it.
    let idText: String
    var decoder: FrameDecoder
    /// Set by `daemon.hello`.
    var name: String? {
        didSet { causeMembers = HistoryCause.clientMembers(client: name, clientID: idText) }
    }
    /// `,"client":…,"clientId":…` of every revision this client makes, written once (when it
    /// connects, again when it names itself).
    private(set) var causeMembers: [UInt8]
    var oversizedLines = 0
    var subscription: Subscription?
    /// More unsent bytes than the high watermark: seen when a send queued them (the transport
    /// answers every send with it) or reported by the transport; cleared when it drains.
    var congested = false
    var closing = false
    /// Notifications of revisions this connection itself caused, held until its responses
    /// are written.
    var deferred: [Deferred] = []
    /// An `event.emit` of this connection waits for listeners: its later requests wait too,
    /// their lines kept here in order, so that its responses keep the order of its requests.
    var holdsEmit = false
    private(set) var backlog: [[UInt8]] = []
    private(set) var backlogBytes = 0

    init(id: ClientID, decoder: FrameDecoder) {
        self.idText = id.description
        self.id = id
        self.causeMembers = HistoryCause.clientMembers(client: nil, clientID: idText)
        self.decoder = decoder
    }

    /// At most this many bytes of requests wait behind a held emit; a client that sends more
    /// while its event waits is closed (it cannot be paused from here, and its lines would
    /// grow without bound). All connections together keep at most
    /// `ServerConfiguration.maxKeptBytes` (`NavServer+KeptLines`).
    static let maxBacklogBytes = 8 << 20

    /// Keeps a line behind the held emit; false when that would exceed `maxBacklogBytes`.
    func keepBehindEmit(_ line: [UInt8]) -> Bool {
        guard line.count <= Self.maxBacklogBytes - backlogBytes else { return false }
        backlog.append(line)
        backlogBytes += line.count
        return true
    }

    /// The kept lines and their bytes, leaving none.
    func takeBacklog() -> (lines: [[UInt8]], bytes: Int) {
        defer {
            backlog = []
            backlogBytes = 0
        }
        return (backlog, backlogBytes)
    }

    /// The decoder, moved out for a read (an empty one with the same limit left in its place):
    /// the read feeds a local, so no access to `decoder` stays open while frames are handled.
    func takeDecoder() -> FrameDecoder {
        var taken = FrameDecoder(maxLineBytes: decoder.maxLineBytes)
        swap(&taken, &decoder)
        return taken
    }

    /// Puts back the decoder `takeDecoder()` moved out.
    func restoreDecoder(_ taken: inout FrameDecoder) {
        swap(&taken, &decoder)
    }

    // `subscription` and `deferred` change only in a local swapped out and back: no access to
    // them contains a call (an append or an assignment may free memory), so the optimizer
    // checks their exclusivity at compile time instead of on every request. Changed in place
    // instead, a route/close fanned out to 64 subscribers costs 5,100 more instructions
    // (94,650 against 89,550, callgrind).

    /// What a fan-out reads of the subscription: its fields read in place, without copying
    /// the subscription (and retaining its pending list) once per subscriber per revision.
    var delivery: (sentRevision: Int, tree: Bool, events: Bool)? {
        guard let sentRevision = subscription?.sentRevision, let tree = subscription?.tree,
            let events = subscription?.events
        else { return nil }
        return (sentRevision, tree, events)
    }

    func updateSubscription(_ change: (inout Subscription?) -> Void) {
        var local: Subscription? = nil
        swap(&local, &subscription)
        change(&local)
        swap(&local, &subscription)
    }

    func updateDeferred(_ change: (inout [Deferred]) -> Void) {
        var local: [Deferred] = []
        swap(&local, &deferred)
        change(&local)
        swap(&local, &deferred)
    }

    /// The held notifications, leaving none.
    func takeDeferred() -> [Deferred] {
        var local: [Deferred] = []
        swap(&local, &deferred)
        return local
    }

    /// A notification of the connection's own revision, and the revision itself: if the
    /// connection is congested by the time its responses are written, the record is coalesced
    /// instead of the notification being sent.
    struct Deferred {
        var payload: Payload
        var record: ChangeRecord
    }

    struct Subscription {
        var tree: Bool
        var events: Bool
        /// The last revision this connection was sent (response or notification).
        var sentRevision: Int
        /// Changes waiting while the connection is congested, oldest first.
        var pending: [ChangeRecord] = []
        /// What `pending` adds to the coalesced notification (`ChangeRecord.listedBytes`).
        var pendingBytes = 0
        /// The newest revision held for the coalesced notification (listed or not).
        var heldRevision: Int?
        var truncated = false
    }
}
