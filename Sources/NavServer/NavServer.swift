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
    /// False only in tests that compare the scanned path with the parsed one.
    let scansRequests: Bool

    /// The tree of `revision` encoded, kept for `nav.state` and the notifications that carry
    /// it until the next revision (see `encodedTree()`).
    var treeCache: (revision: Int, bytes: [UInt8])?
    /// The responses buffer of the last read, kept for the next one (no allocation per read).
    /// Only ever swapped with a local, never held open.
    var spareResponses: JSONBuffer? = JSONBuffer(capacity: ReadBatch.initialCapacity)
    /// The buffer notifications are written in before they are copied into their payload;
    /// swapped like `spareResponses`.
    var spareNotification: JSONBuffer?

    public convenience init(navigator: Navigator, configuration: ServerConfiguration = ServerConfiguration()) {
        self.init(navigator: navigator, configuration: configuration, scansRequests: true)
    }

    init(navigator: Navigator, configuration: ServerConfiguration, scansRequests: Bool) {
        self.engine = navigator
        self.configuration = configuration
        self.limits = RPCLimits(maxDepth: configuration.maxDepth, maxBatch: configuration.maxBatch)
        self.scansRequests = scansRequests
    }

    public var navigator: Navigator { engine }

    /// Connected clients, oldest first.
    public var clientIDs: [ClientID] { connections.values.map(\.id).sorted() }

    /// A peer was accepted (after the transport's peer check).
    public func connect(_ id: ClientID) {
        connections.insert(ClientConnection(id: id, decoder: FrameDecoder(maxLineBytes: configuration.maxLineBytes)), for: id.raw)
    }

    /// A connection is gone; everything it had is dropped.
    public func disconnect(_ id: ClientID) {
        guard let connection = connections.remove(id.raw) else { return }
        if connection.subscription != nil { unlist(connection) }
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
        var outbox = Outbox()
        read(bytes, from: id, into: &outbox)
        return outbox.outputs
    }

    /// `receive(_:from:)` for the daemon: every output goes to `handler` as it arises, the
    /// responses straight from the read's buffer.
    public func receive(_ bytes: UnsafeRawBufferPointer, from id: ClientID, handler: any ServerOutputHandler) {
        var outbox = Outbox(handler: handler)
        read(bytes, from: id, into: &outbox)
    }

    private func read(_ bytes: UnsafeRawBufferPointer, from id: ClientID, into outbox: inout Outbox) {
        guard let connection = connection(for: id), !connection.closing else { return }
        var batch = ReadBatch(responses: takeSpareResponses())
        // The decoder is moved into a local for the read (and back after): a frame is handled
        // as the decoder finds it, in place in its buffer, without an access to the connection
        // held open meanwhile.
        var decoder = connection.takeDecoder()
        decoder.feedInPlace(bytes) { handle($0, on: connection, into: &batch, outbox: &outbox) }
        connection.restoreDecoder(&decoder)
        finish(batch, for: connection, into: &outbox)
    }

    /// The peer sent its last byte: a final line without a newline still counts (so
    /// `printf '{…}' | nc -U` gets its answer).
    public func endOfInput(_ id: ClientID) -> [ServerOutput] {
        guard let connection = connection(for: id), !connection.closing else { return [] }
        var outbox = Outbox()
        var batch = ReadBatch(responses: takeSpareResponses())
        var decoder = connection.takeDecoder()
        decoder.finish { frame in
            switch frame {
            case .line(let line):
                line.withUnsafeBufferPointer { handle(.line($0), on: connection, into: &batch, outbox: &outbox) }
            case .oversized:
                handle(.oversized, on: connection, into: &batch, outbox: &outbox)
            }
        }
        connection.restoreDecoder(&decoder)
        finish(batch, for: connection, into: &outbox)
        return outbox.outputs
    }

    private func takeSpareResponses() -> JSONBuffer? {
        var spare: JSONBuffer? = nil
        swap(&spare, &spareResponses)
        return spare
    }

    /// What the frames of one read produced: their responses, in order, and whether any of
    /// them committed a revision.
    struct ReadBatch: ~Copyable {
        var responses: JSONBuffer
        var committed = false

        /// Room for the usual responses of a read, not one allocation per doubling.
        static let initialCapacity = 4096
        /// A buffer grown past this by a big read is not kept for the next one.
        static let keptCapacity = 64 * 1024

        init(responses: consuming JSONBuffer?) {
            self.responses = responses ?? JSONBuffer(capacity: Self.initialCapacity)
        }
    }

    private func handle(_ frame: FrameInPlace, on connection: ClientConnection, into batch: inout ReadBatch, outbox: inout Outbox) {
        guard !connection.closing else { return }
        let id = connection.id
        switch frame {
        case .line(let line):
            handleLine(line, from: connection, into: &batch.responses, committed: &batch.committed, outbox: &outbox)
        case .oversized:
            connection.oversizedLines += 1
            RPCEncoder.failure(id: .null, error: .messageTooLarge(limit: configuration.maxLineBytes), into: &batch.responses)
            if connection.oversizedLines >= configuration.maxOversizedLines {
                connection.closing = true
                outbox.send(batch.responses, to: id)
                batch.responses.removeAll()
                outbox.close(id, reason: "\(configuration.maxOversizedLines) messages over \(configuration.maxLineBytes) bytes")
            }
        }
    }

    private func finish(_ batch: consuming ReadBatch, for connection: ClientConnection, into outbox: inout Outbox) {
        if outbox.send(batch.responses, to: connection.id) { connection.congested = true }
        let committed = batch.committed
        if batch.responses.capacity <= ReadBatch.keptCapacity {
            batch.responses.removeAll()
            var spare: JSONBuffer? = .some(batch.responses)
            swap(&spare, &spareResponses)
        }
        // Others were sent each revision as it committed; this client gets its own
        // notifications only now, after the responses that caused them.
        if committed { deliverDeferred(to: connection, into: &outbox) }
    }

    /// One line: a request, a notification or a batch. The commonest requests are scanned
    /// straight into their operation (`JSONRPC.scan`); every other line is parsed.
    func handleLine(_ line: UnsafeBufferPointer<UInt8>, from connection: ClientConnection, into responses: inout JSONBuffer, committed: inout Bool, outbox: inout Outbox) {
        if scansRequests, let request = JSONRPC.scan(line: line, limits: limits) {
            answer(request, from: connection, into: &responses, committed: &committed, outbox: &outbox)
            return
        }
        switch JSONRPC.parse(line: ArraySlice(line), limits: limits) {
        case .failure(let error):
            RPCEncoder.failure(id: .null, error: error, into: &responses)
        case .single(let entry):
            answer(entry, from: connection, into: &responses, committed: &committed, outbox: &outbox)
        case .batch(let entries):
            let answers = entries.compactMap { handle($0, from: connection, committed: &committed, outbox: &outbox) }
            RPCEncoder.batch(answers, into: &responses)
        }
    }

    /// One request of a single-request line, its response written straight into `out` (nothing
    /// for a notification, which is never answered, not even with an error).
    func answer(_ entry: RPCEntry, from connection: ClientConnection, into out: inout JSONBuffer, committed: inout Bool, outbox: inout Outbox) {
        switch entry {
        case .invalid(let requestID, let error):
            RPCEncoder.failure(id: requestID, error: error, into: &out)
        case .request(let request):
            respond(to: request.id, into: &out) { () throws(NavError) in
                try call(request, from: connection, committed: &committed, outbox: &outbox)
            }
        }
    }

    /// A scanned request, answered as `answer(_:from:into:committed:)` answers a parsed one.
    func answer(_ request: ScannedRequest, from connection: ClientConnection, into out: inout JSONBuffer, committed: inout Bool, outbox: inout Outbox) {
        respond(to: request.id, into: &out) { () throws(NavError) in
            try call(request, from: connection, committed: &committed, outbox: &outbox)
        }
    }

    /// Runs a call and writes its response into `out`: its result or its error, and nothing
    /// for a notification (no `id`), which is never answered, not even with an error.
    private func respond(to id: JSONValue?, into out: inout JSONBuffer, _ call: () throws(NavError) -> CallResult) {
        let result: CallResult
        do throws(NavError) {
            result = try call()
        } catch {
            if let id { RPCEncoder.failure(id: id, error: error, into: &out) }
            return
        }
        guard let id else { return }
        RPCEncoder.success(id: id, into: &out) { write(result, into: &$0) }
    }

    /// One request of a batch; its response, or nil for a notification.
    func handle(_ entry: RPCEntry, from connection: ClientConnection, committed: inout Bool, outbox: inout Outbox) -> RPCResponse? {
        switch entry {
        case .invalid(let requestID, let error):
            return .failure(id: requestID, error: error)
        case .request(let request):
            let result: CallResult
            do throws(NavError) {
                result = try call(request, from: connection, committed: &committed, outbox: &outbox)
            } catch {
                return request.id.map { .failure(id: $0, error: error) }
            }
            guard let requestID = request.id else { return nil }
            if case .value(let value) = result { return .success(id: requestID, result: value) }
            return .successRaw(id: requestID, result: JSONBuffer.encode { write(result, into: &$0) })
        }
    }

    /// Dispatches a method call.
    func call(_ request: RPCRequest, from connection: ClientConnection, committed: inout Bool, outbox: inout Outbox) throws(NavError) -> CallResult {
        let method = try RPCMethod.named(request.method)
        if case .array? = request.params { throw .positionalParams(method: request.method) }
        if method.mutatesState {
            try refuseWhileShuttingDown()
            return try perform(NavOperation(method: request.method, params: request.params), from: connection, committed: &committed, outbox: &outbox)
        }
        return try query(method, request.params, from: connection.id)
    }

    /// Dispatches a scanned call, as `call(_ request: RPCRequest, …)` dispatches a parsed one.
    func call(_ request: ScannedRequest, from connection: ClientConnection, committed: inout Bool, outbox: inout Outbox) throws(NavError) -> CallResult {
        switch request.call {
        case .operation(let operation):
            try refuseWhileShuttingDown()
            return try perform(operation, from: connection, committed: &committed, outbox: &outbox)
        case .state:
            return .state
        }
    }

    private func refuseWhileShuttingDown() throws(NavError) {
        guard !shuttingDown else {
            throw NavError(.shuttingDown, "navd is shutting down", reason: "shuttingDown")
        }
    }

    /// Runs a mutation; a committed revision is broadcast.
    private func perform(_ operation: NavOperation, from connection: ClientConnection, committed: inout Bool, outbox: inout Outbox) throws(NavError) -> CallResult {
        let (result, isCommit) = try Self.run(operation, on: &engine)
        // Only a committed revision is news: no-ops and dry runs are not.
        guard isCommit else { return .operation(result, events: nil) }
        committed = true
        // Without subscribers the events are needed once: the response writes them itself.
        guard !subscribers.isEmpty else { return .operation(result, events: nil) }
        // The events are encoded once, for the response and every notification.
        let events = result.events.encodedJSON
        let record = ChangeRecord(
            revision: result.revision, method: operation.method, client: connection.id,
            clientName: connection.name, events: events)
        broadcast(record, deferring: connection.id, into: &outbox)
        return .operation(result, events: events)
    }

    /// `{revision, instance, root}`, written from the navigator where it is stored: a call on
    /// `engine` itself would first copy the whole navigator (its access is checked at run
    /// time, so the compiler cannot borrow it across the call).
    private static func writeState(of navigator: inout Navigator, tree: [UInt8], into out: inout JSONBuffer) {
        navigator.writeStateJSON(into: &out, encodedTree: tree)
    }

    /// `navigator.perform` and whether it committed a revision, in one access to `engine`.
    private static func run(_ operation: NavOperation, on navigator: inout Navigator) throws(NavError) -> (OperationResult, Bool) {
        let before = navigator.revision
        let result = try navigator.perform(operation)
        return (result, navigator.revision != before)
    }

    /// What a call answers, written by `write(_:into:)`.
    enum CallResult {
        case value(JSONValue)
        /// A mutation's result, with its events already encoded when notifications carry them.
        case operation(OperationResult, events: [UInt8]?)
        /// `{revision, instance, root}` of the current state.
        case state
    }

    func write(_ result: CallResult, into out: inout JSONBuffer) {
        switch result {
        case .value(let value): JSONWriter.write(value, into: &out)
        case .operation(let result, let events): result.writeJSON(into: &out, encodedEvents: events)
        case .state:
            let tree = encodedTree()
            Self.writeState(of: &engine, tree: tree, into: &out)
        }
    }
}
