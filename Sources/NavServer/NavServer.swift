import NavProtocol
import NavigationCore
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
    /// directly, which lets the optimizer check its accesses statically (see `perform`).
    var engine: Navigator
    public let configuration: ServerConfiguration
    let connections = ConnectionTable<ClientConnection>()
    /// The connections with a subscription, in id order: what a revision is fanned out to.
    /// Changed only through `updateSubscribers`: see there.
    var subscribers: [ClientConnection] = []
    var shuttingDown = false
    let limits: RPCLimits
    /// Every committed revision, the last `configuration.historyLimit` of them
    /// (`NavServer+History`).
    public internal(set) var history: History

    /// The text of the tree of the last revision whose tree was written: for `nav.state` and
    /// the notifications that carry it until the next revision (`encodedTree()`), and the
    /// trees the store commits are written against it (`flushCommits`).
    var treeText: TreeText?
    /// The responses buffer of the last read, kept for the next one (no allocation per read).
    /// Only ever swapped with a local, never held open.
    var spareResponses: JSONBuffer? = JSONBuffer(capacity: ReadBatch.initialCapacity)
    /// The buffer notifications are written in before they are copied into their payload;
    /// swapped like `spareResponses`.
    var spareNotification: JSONBuffer?
    /// Where revisions are made durable (`NavServer+Durability`), and the last revision it holds.
    var store: (any StateStore)?
    var storedRevision = 0
    /// Which revisions the history keeps with their tree.
    var keptTrees = KeptTrees()
    /// The error of a commit made inside a loop iteration, thrown by the next flush.
    var failedCommit: (any Error)?
    /// Routing events waiting to be handled and their listeners (`NavServer+Events`).
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
        perform(eventQueue.disconnect(id, now: configuration.clock()), into: &outbox)
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

    /// Bytes read from a connection: answers every complete message in them.
    public func receive(_ bytes: UnsafeRawBufferPointer, from id: ClientID) -> [ServerOutput] {
        read(bytes, from: id, into: Outbox()).outputs
    }

    /// `receive(_:from:)` for the daemon: every output goes to `handler` as it arises, the
    /// responses straight from the read's buffer.
    public func receive(_ bytes: UnsafeRawBufferPointer, from id: ClientID, handler: any ServerOutputHandler) {
        _ = read(bytes, from: id, into: Outbox(handler: handler))
    }

    private func read(_ bytes: UnsafeRawBufferPointer, from id: ClientID, into outbox: consuming Outbox) -> Outbox {
        guard let connection = connection(for: id), !connection.closing else { return outbox }
        var read = ReadBatch(connection: connection, responses: takeSpareResponses(), outbox: outbox)
        // The decoder is moved into a local for the read (and back after): a frame is handled
        // as the decoder finds it, in place in its buffer, without an access to the connection
        // held open meanwhile.
        var decoder = connection.takeDecoder()
        decoder.feed(bytes) { handle($0, in: &read) }
        connection.restoreDecoder(&decoder)
        return finish(read)
    }

    /// The peer sent its last byte: a final line without a newline still counts (so
    /// `printf '{…}' | nc -U` gets its answer).
    public func endOfInput(_ id: ClientID) -> [ServerOutput] {
        guard let connection = connection(for: id), !connection.closing else { return [] }
        var read = ReadBatch(connection: connection, responses: takeSpareResponses(), outbox: Outbox())
        var decoder = connection.takeDecoder()
        decoder.finish { handle($0, in: &read) }
        connection.restoreDecoder(&decoder)
        return finish(read).outputs
    }

    private func takeSpareResponses() -> JSONBuffer? {
        var spare: JSONBuffer? = nil
        swap(&spare, &spareResponses)
        return spare
    }

    /// One read of a connection as it is answered: the responses of its frames, in order,
    /// whether any of them committed a revision, and the outputs that go out meanwhile
    /// (notifications to others, a close).
    struct ReadBatch: ~Copyable {
        let connection: ClientConnection
        var responses: JSONBuffer
        var committed = false
        var outbox: Outbox
        /// The entry being answered is part of a batch.
        var inBatch = false
        /// What the read's lines made the event queue decide, performed after each line
        /// (`performEventActions(of:)`).
        var eventActions: [EventAction] = []

        /// Room for the usual responses of a read, not one allocation per doubling.
        static let initialCapacity = 4096
        /// A buffer grown past this by a big read is not kept for the next one.
        static let keptCapacity = 64 * 1024

        init(connection: ClientConnection, responses: consuming JSONBuffer?, outbox: consuming Outbox) {
            self.connection = connection
            self.responses = responses ?? JSONBuffer(capacity: Self.initialCapacity)
            self.outbox = outbox
        }
    }

    private func handle(_ frame: Frame, in read: inout ReadBatch) {
        let connection = read.connection
        guard !connection.closing else { return }
        switch frame {
        case .line(let line):
            handleLine(line, in: &read)
            performEventActions(of: &read)
        case .oversized:
            connection.oversizedLines += 1
            RPCEncoder.failure(id: .null, error: .messageTooLarge(limit: configuration.maxLineBytes), into: &read.responses)
            if connection.oversizedLines >= configuration.maxOversizedLines {
                connection.closing = true
                read.outbox.send(read.responses, to: connection.id)
                read.responses.removeAll()
                read.outbox.close(connection.id, reason: "\(configuration.maxOversizedLines) messages over \(configuration.maxLineBytes) bytes")
            }
        }
    }

    func finish(_ read: consuming ReadBatch) -> Outbox {
        let connection = read.connection
        if read.outbox.send(read.responses, to: connection.id) { connection.congested = true }
        let committed = read.committed
        var outbox = read.outbox
        if read.responses.capacity <= ReadBatch.keptCapacity {
            read.responses.removeAll()
            var spare: JSONBuffer? = .some(read.responses)
            swap(&spare, &spareResponses)
        }
        // Others were sent each revision as it committed; this client gets its own
        // notifications only now, after the responses that caused them.
        if committed { deliverDeferred(to: connection, into: &outbox) }
        return outbox
    }

    /// One line: a request, a notification or a batch, decoded (`JSONRPC.decode`) and answered.
    /// A batch's answers are one array on one line; a batch of notifications is not answered.
    func handleLine(_ line: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) {
        let message = JSONRPC.decode(line: line, limits: limits)
        // Behind a held emit, requests wait (in order); answers to navd's requests do not.
        if read.connection.holdsEmit {
            keepBehindEmit(line, message, in: &read)
            return
        }
        switch message {
        case .failure(let error):
            RPCEncoder.failure(id: .null, error: error, into: &read.responses)
        case .single(let entry):
            answer(entry, in: &read)
        case .batch(let entries):
            // Each answer is written as a single one is, its newline then turned into the
            // separator; the `[` comes out again if no entry is answered. A response in the
            // batch (a listener's answer) writes nothing: navd never answers a response.
            let start = read.responses.count
            read.responses.append(UInt8(ascii: "["))
            read.inBatch = true
            defer { read.inBatch = false }
            for entry in entries {
                let before = read.responses.count
                answer(entry, in: &read)
                if read.responses.count > before {
                    read.responses.removeLast()
                    read.responses.append(UInt8(ascii: ","))
                }
            }
            if read.responses.count == start + 1 {
                read.responses.removeLast()
            } else {
                read.responses.removeLast()
                read.responses.append("]\n")
            }
        }
    }

    /// One request, its response written into the read's responses: its result or its error,
    /// and nothing for a notification (no `id`), which is never answered, not even with an
    /// error, unless it is not a valid request at all.
    func answer(_ entry: RPCEntry, in read: inout ReadBatch) {
        switch entry {
        case .invalid(let id, let error):
            RPCEncoder.failure(id: id, error: error, into: &read.responses)
        case .refused(let id, let error):
            if let id { RPCEncoder.failure(id: id, error: error, into: &read.responses) }
        case .badParams(let id, let method, let error):
            // A mutation is refused while navd shuts down, whatever its params.
            let refusal = method.mutatesState && shuttingDown ? Self.shuttingDownError : error
            if let id { RPCEncoder.failure(id: id, error: refusal, into: &read.responses) }
        case .response(let id, let result, let error):
            received(response: id, result: result, error: error, in: &read)
        case .call(let id, let call):
            let result: CallResult
            do throws(NavError) {
                result = try run(call, id: id, in: &read)
            } catch {
                if let id { RPCEncoder.failure(id: id, error: error, into: &read.responses) }
                return
            }
            guard let id else { return }
            if case .held = result { return }
            RPCEncoder.success(id: id, into: &read.responses) { write(result, into: &$0) }
        }
    }

    /// Runs a call: every method navd has, one case each. `id` is the request's (`nil` for a
    /// notification): a queued `event.emit` is answered with it later.
    private func run(_ call: RPCCall, id: JSONValue?, in read: inout ReadBatch) throws(NavError) -> CallResult {
        let connection = read.connection
        switch call {
        case .operation(let operation):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try perform(operation, in: &read)
        case .state:
            return .state
        case .subscribe(let tree, let events):
            subscribe(connection, tree: tree, events: events)
            return .state
        case .unsubscribe:
            unsubscribe(connection)
            return .value([:])
        case .url(let screen):
            return .value(["url": try engine.canonicalURL(for: screen).map(JSONValue.string) ?? .null])
        case .routesList:
            return .value(engine.routesJSON)
        case .routesResolve(let url):
            return .value(try engine.resolve(url).jsonValue)
        case .daemonInfo:
            return .value(info)
        case .daemonHello(let name):
            try hello(connection, name: name)
            return .value(["client": .string(connection.id.description)])
        case .rpcDiscover:
            return .value(configuration.openRPC)
        case .history(let since, let limit, let tree):
            return .encoded(try historyAnswer(since: since, limit: limit, tree: tree))
        case .goto(let revision, let expectRevision):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try goto(revision, expectRevision: expectRevision, in: &read)
        case .reset(let expectRevision):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try reset(expectRevision: expectRevision, in: &read)
        case .sessionSet(let flags, let expectRevision):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try setSession(flags, expectRevision: expectRevision, in: &read)
        case .sessionGet:
            return .value(engine.session.jsonValue)
        case .emit(let name, let payload, let expectRevision):
            return try emit(name, payload: payload, expectRevision: expectRevision, id: id, in: &read)
        case .listen(let events):
            return .value(try listen(connection, to: events))
        }
    }

    static let shuttingDownError = NavError(.shuttingDown, "navd is shutting down")

    /// Runs a mutation; a committed revision is broadcast.
    private func perform(_ operation: NavOperation, in read: inout ReadBatch) throws(NavError) -> CallResult {
        let (result, isCommit) = try Self.run(operation, on: &engine)
        // Only a committed revision is news: no-ops and dry runs are not.
        guard isCommit else { return .operation(result, events: nil) }
        // Only a revision that held or dropped a request changed the session.
        return committed(
            result, method: RPCMethod(operation), params: .object(operation.requestParams), sessionChanged: result.changedPending,
            in: &read)
    }

    /// A revision a request committed: kept in the history with its cause, broadcast (with the
    /// session when `sessionChanged`, with the event and who handled it for `event.emit`).
    func committed(
        _ result: OperationResult, method: RPCMethod, params: JSONValue, sessionChanged: Bool = false,
        event: (name: String, by: String, steps: [JSONValue])? = nil, in read: inout ReadBatch
    ) -> CallResult {
        read.committed = true
        let connection = read.connection
        // The events are encoded once, for the response, every notification and the store.
        // Needed by the response alone, they are written there.
        let events = subscribers.isEmpty && store == nil ? nil : result.events.encodedJSON
        remember(
            result,
            cause: HistoryCause(
                method: method.rawValue, params: params, client: connection.name, clientID: connection.idText,
                event: event?.name, by: event?.by, steps: event.map { .array($0.steps) }),
            encodedEvents: events)
        guard let events, !subscribers.isEmpty else { return .operation(result, events: events) }
        let record = ChangeRecord(
            revision: result.revision, method: method.rawValue, client: connection.id,
            clientName: connection.name, events: events,
            session: sessionChanged ? JSONWriter.bytes(engine.session.jsonValue) : nil,
            event: event.map { EventCause(name: $0.name, by: $0.by, steps: JSONWriter.bytes(.array($0.steps))) })
        broadcast(record, deferring: connection.id, into: &read.outbox)
        return .operation(result, events: events)
    }

    /// `{revision, instance, root}`, written from the navigator where it is stored: a call on
    /// `engine` itself would first copy the whole navigator (its access is checked at run
    /// time, so the compiler cannot borrow it across the call).
    private static func writeState(of navigator: inout Navigator, tree: [UInt8], into out: inout JSONBuffer) {
        navigator.writeStateJSON(into: &out, encodedTree: tree)
    }

    /// `navigator.perform` and whether it committed a revision, in one access to `engine`.
    static func run(_ operation: NavOperation, on navigator: inout Navigator) throws(NavError) -> (OperationResult, Bool) {
        let before = navigator.revision
        do throws(NavError) {
            let result = try navigator.perform(operation)
            return (result, navigator.revision != before)
        } catch {
            throw error.namingSteps(of: operation)
        }
    }

    /// What a call answers, written by `write(_:into:)`.
    enum CallResult {
        case value(JSONValue)
        /// A value written already (`nav.history`'s pages: trees and stored JSON copied as
        /// bytes, not built as values to be written again).
        case encoded([UInt8])
        /// A mutation's result, with its events already encoded when notifications carry them.
        case operation(OperationResult, events: [UInt8]?)
        /// `{revision, instance, root}` of the current state.
        case state
        /// An `event.emit`'s answer. Boxed: inline, it would make every call's result larger
        /// than a few words, copied with memcpy at each step of the way out (about 170
        /// instructions per request).
        indirect case emitted(EmitOutcome)
        /// No answer now: an `event.emit` queued for a listener; it is answered later.
        case held
    }

    func write(_ result: CallResult, into out: inout JSONBuffer) {
        switch result {
        case .value(let value): JSONWriter.write(value, into: &out)
        case .encoded(let bytes): out.append(bytes)
        case .operation(let result, let events): result.writeJSON(into: &out, encodedEvents: events)
        case .state:
            let tree = encodedTree()
            Self.writeState(of: &engine, tree: tree, into: &out)
        case .emitted(let outcome):
            outcome.writeJSON(into: &out)
        case .held:
            preconditionFailure("a held emit has no answer to write yet")
        }
    }
}
