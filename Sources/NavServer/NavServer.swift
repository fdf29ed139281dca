import NavProtocol
import NavigationCore
import NavHistory
internal import NavCollections
import NavJSON

/// The I/O-free heart of navd: bytes in from connections, outputs (bytes to send,
/// connections to close) out. It owns the one `Navigator`, serializes every request, fans
/// each committed revision out to subscribers, and keeps the ordering rules of docs/protocol.md:
/// a connection's responses in request order, its own response before the `nav.changed` of
/// that revision, revisions to each subscriber in order, never twice, coalesced when slow.
///
/// Not thread-safe by design: the transport calls it from its one loop thread.
public final class NavServer {
    /// The navigation state. Internal storage behind `navigator`: outside code cannot reach it
    /// directly. Its accesses are not checked at run time (two calls to the runtime per
    /// mutation, about 80 instructions each: `perform`'s change is held across the engine's
    /// call, and `remember` reads it after), as `treeText`'s are not: it is changed only by the
    /// navigator's own methods and by the server's static functions (`run`, `writeState`,
    /// `commit`), given it inout, and neither can reach the server to access it again; every
    /// other access is a read that ends before the next call.
    @exclusivity(unchecked) var engine: Navigator
    public let configuration: ServerConfiguration
    let connections = ConnectionTable<ClientConnection>()
    /// The connections with a subscription, in id order: what a revision is fanned out to.
    /// Changed only through `updateSubscribers`: see there.
    var subscribers: [ClientConnection] = []
    var shuttingDown = false
    let limits: RPCLimits
    /// Every committed revision, the last `configuration.historyLimit` of them
    /// (`NavServer+History`). Internal, not public: only an internal property's accesses
    /// can be checked at compile time (`updateHistory`), a public one's are checked at run
    /// time whatever they contain.
    var history: History

    /// The text of the tree of the last revision whose tree was written: for `nav.state` and
    /// the notifications that carry it until the next revision (`encodedTree()`), and the
    /// trees the store commits are written against it (`flushCommits`). Its accesses are not
    /// checked at run time (a call to the runtime each, about 90 instructions, per revision
    /// committed or sent with its tree): only the server's methods reach it, one at a time, on
    /// the loop's thread, and none holds it across a call that could reach it again.
    @exclusivity(unchecked) var treeText: TreeText?
    /// The responses buffer of the last read, kept for the next one (no allocation per read).
    /// Only ever swapped with a local, never held open.
    var spareResponses: JSONBuffer? = JSONBuffer(capacity: ReadBatch.initialCapacity)
    /// The buffer notifications are written in before they are copied into their payload;
    /// swapped like `spareResponses`.
    var spareNotification: JSONBuffer?
    /// The buffer each revision's record (its cause, then its events) is written in before it
    /// is copied into the history. Only ever swapped with a local, never held open
    /// (`takeRecordBuffer`).
    var recordBuffer: JSONBuffer? = JSONBuffer(capacity: 1_024)
    /// Where revisions are made durable (`NavServer+Durability`), and the last revision it holds.
    var store: (any StateStore)?
    var storedRevision = 0
    /// Which revisions the history keeps with their tree.
    var keptTrees = KeptTrees()
    /// The error of a commit made inside a loop iteration, thrown by the next flush.
    var failedCommit: (any Error)?
    /// Routing events waiting to be handled and their listeners (`NavServer+Events`). Read
    /// and changed only through `updateEventQueue`, but for `listenerDeadline`: see there.
    var eventQueue: EventQueue
    /// The bytes of every line kept behind a held emit, all connections together
    /// (`NavServer+KeptLines`).
    var keptBytes = 0

    /// A server of `navigator`'s state. `history` is what a restored state brings along; without
    /// it the history starts with the navigator's revision as its entry (cause `daemon.start`,
    /// the boot events).
    public init(navigator: Navigator, configuration: ServerConfiguration = ServerConfiguration(), history: History? = nil) {
        self.engine = navigator
        // Held requests are named, stored and resumed as the requests clients send.
        if engine.requests == nil { engine.requests = .jsonRPC }
        self.configuration = configuration
        self.limits = RPCLimits(maxDepth: configuration.maxDepth, maxBatch: configuration.maxBatch)
        self.eventQueue = EventQueue(timeout: configuration.listenerTimeout)
        if let history {
            self.history = history
        } else {
            var started = History(limit: max(1, configuration.historyLimit))
            started.append(HistoryEntry(
                revision: navigator.revision, at: configuration.now(), cause: .daemonStart, events: navigator.bootEvents,
                tree: navigator.tree))
            self.history = started
        }
    }

    public var navigator: Navigator { engine }

    /// The history as it stands, for readers outside the server (its tests, the store's fuzz
    /// target): a copy of the value, as `navigator` is of `engine`.
    public var revisions: History { history }

    /// Connected clients, oldest first.
    public var clientIDs: [ClientID] { connections.values.map(\.id).sorted() }

    /// A peer was accepted (after the transport's peer check).
    public func connect(_ id: ClientID) {
        connections.insert(ClientConnection(id: id, decoder: FrameDecoder(maxLineBytes: configuration.maxLineBytes)), for: id.raw)
    }

    /// A connection is gone; everything it had is dropped. A listener navd was waiting on is
    /// skipped, which may finish an emit: its outputs are returned.
    @discardableResult
    public func disconnect(_ id: ClientID) -> [ServerOutput] {
        guard let connection = connections.remove(id.raw) else { return [] }
        connection.closing = true
        if connection.subscription != nil { unlist(connection) }
        keptBytes -= connection.takeBacklog().bytes
        var outbox = Outbox()
        let now = configuration.clock()
        perform(updateEventQueue { $0.disconnect(id, now: now) }, into: &outbox)
        return outbox.outputs
    }

    func connection(for id: ClientID) -> ClientConnection? {
        connections[id.raw]
    }

    /// Changes `subscribers` in a local swapped out and back: no access to the property
    /// contains a call (an insertion or removal may allocate or free), so the optimizer checks
    /// its exclusivity at compile time instead of on every request that reads it.
    func updateSubscribers(_ change: (inout [ClientConnection]) -> Void) {
        var local: [ClientConnection] = []
        swap(&local, &subscribers)
        change(&local)
        swap(&local, &subscribers)
    }

    /// Reads or changes `eventQueue` in a local swapped out and back, as `updateSubscribers`
    /// does: no access to the property contains a call, so its exclusivity is checked at
    /// compile time, and `listenerDeadline`, which the daemon reads after every read of every
    /// connection, is a load instead of a runtime access check (about 150 instructions per
    /// request). `use` must not reach `eventQueue` itself (it would find an empty queue).
    func updateEventQueue<Result>(_ use: (inout EventQueue) -> Result) -> Result {
        var local = EventQueue(timeout: 0)
        swap(&local, &eventQueue)
        let result = use(&local)
        swap(&local, &eventQueue)
        return result
    }

    /// Adds a connection to `subscribers`, keeping them in id order.
    func list(_ connection: ClientConnection) {
        updateSubscribers { subscribers in
            guard !subscribers.contains(where: { $0 === connection }) else { return }
            let index = subscribers.firstIndex { $0.id > connection.id } ?? subscribers.count
            subscribers.insert(connection, at: index)
        }
    }

    func unlist(_ connection: ClientConnection) {
        updateSubscribers { $0.removeAll { $0 === connection } }
    }
}
