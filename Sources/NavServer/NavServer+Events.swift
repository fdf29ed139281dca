import NavProtocol
import NavigationCore
import NavJSON
import NavSpelling

/// Routing events (docs/protocol.md "Routing events", Protocol/semantics.md 70–79, 85–87):
/// `event.emit`, `events.listen`, and the `event.handle` requests navd sends listeners.
///
/// navd never waits inside a call: an emit that needs a listener goes to `EventQueue`, a state
/// machine, and its request is held (its connection's later requests are kept behind it, so
/// its responses keep their order). What the queue returns (`EventAction`) is performed here,
/// one action after the other (`perform(_:into:)`); the queue never calls the server.
extension NavServer {
    /// `event.emit`: handled now when the queue is idle and no listener listens to it (the
    /// definition's steps, or `handled: false`); otherwise queued (`.held`).
    func emit(
        _ name: String, payload: JSONObject, expectRevision: Int?, id: JSONValue?, params: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch
    ) throws(RPCFailure) -> CallResult {
        guard !shuttingDown else { throw Self.shuttingDownError }
        guard let event = engine.definition.event(named: name) else { throw unknownEvent(name) }
        let pending = PendingEmit(
            emitter: read.connection.id, requestID: id, event: event, payload: try RPCFailure.engine { () throws(NavError) in try event.validatedPayload(payload) },
            expectRevision: expectRevision, params: Array(params))
        if updateEventQueue({ $0.isIdle && !$0.hasListeners(of: name) }) {
            return .emitted(try handle(pending, by: .definition, skipped: [], in: &read))
        }
        if read.inBatch {
            throw RPCFailure.invalidRequest(
                "event.emit of '\(name)' waits for a listener and cannot be part of a batch; send it on a line of its own")
        }
        // Held even without an id: the connection's later requests come after its event (and
        // one connection has at most one event queued, so the queue is bounded by the clients).
        read.connection.holdsEmit = true
        let now = configuration.clock()
        read.eventActions += updateEventQueue { $0.emit(pending, now: now) }
        return .held
    }

    /// `events.listen {events}`: this connection handles those events from now on, after the
    /// listeners that called before it. Every name must be declared.
    func listen(_ connection: ClientConnection, to names: [String]) throws(RPCFailure) -> JSONValue {
        for name in names where engine.definition.event(named: name) == nil { throw unknownEvent(name) }
        updateEventQueue { $0.listen(connection.id, to: Set(names)) }
        return ["events": .array(names.map(JSONValue.string))]
    }

    /// `-32011`, with the declared events.
    func unknownEvent(_ name: String) -> RPCFailure {
        let known = engine.definition.events.map(\.name)
        let question = NearestNames.question(NearestNames.nearest(to: name, among: known)).map { "; \($0)" } ?? ""
        let list = known.isEmpty ? "the app declares no events" : "declared: " + known.joined(separator: ", ")
        return RPCFailure(
            .unknownEvent, "unknown event '\(name)' (\(list))\(question)",
            data: ["event": .string(name), "known": .array(known.map(JSONValue.string))])
    }

    /// The events a connection listens to, in the definition's order.
    func listenedEvents(of client: ClientID) -> [String] {
        let events = updateEventQueue { $0.events(of: client) }
        return events.isEmpty ? [] : engine.definition.events.map(\.name).filter(events.contains)
    }

    /// When the listeners navd waits on time out (`ServerConfiguration.clock` seconds): the
    /// daemon calls `tick()` then.
    public var listenerDeadline: Double? { eventQueue.deadline }

    /// Time passed: listeners that have not answered by the deadline are skipped.
    public func tick() -> [ServerOutput] {
        var outbox = Outbox()
        let now = configuration.clock()
        perform(updateEventQueue { $0.timeout(now: now) }, into: &outbox)
        return outbox.outputs
    }

    /// A response on a connection: handed to the queue, which keeps it only if it answers a
    /// request of the current turn still waiting for that connection (else it is a late answer,
    /// or an answer to nothing navd asked). Never answered; what it decides is performed once
    /// the line is done.
    func received(response id: JSONValue, result: JSONValue?, error: JSONValue?, in read: inout ReadBatch) {
        guard case .string(let requestID) = id else { return }
        let (client, reply, now) = (read.connection.id, Self.reply(result: result, error: error), configuration.clock())
        read.eventActions += updateEventQueue { $0.answer(requestID, from: client, reply, now: now) }
    }

    /// A listener's response as the queue reads it.
    static func reply(result: JSONValue?, error: JSONValue?) -> ListenerReply {
        if let error {
            let message = error["message"]?.stringValue ?? JSONWriter.string(error)
            return .failed(.error, "answered an error: \(message)")
        }
        do throws(RPCFailure) {
            let steps = try Self.steps(ofAnswer: result ?? .null)
            return steps.operations.isEmpty ? .declined : .steps(steps)
        } catch {
            return .failed(.badAnswer, error.message)
        }
    }

    /// `{steps: [{method, params}…]}`, each step a navigation method as in `nav.apply`.
    static func steps(ofAnswer result: JSONValue) throws(RPCFailure) -> ListenerSteps {
        guard case .object(let object) = result, case .array(let steps)? = object["steps"], object.count == 1 else {
            throw RPCFailure.invalidParams("the answer must be {\"steps\": [...]}, not \(JSONWriter.string(result))")
        }
        var operations: [NavOperation] = []
        for (index, step) in steps.enumerated() {
            guard case .object(let fields) = step, case .string(let method)? = fields["method"],
                fields.keys.allSatisfy({ $0 == "method" || $0 == "params" })
            else {
                throw RPCFailure.invalidParams("steps[\(index)] must be {\"method\", \"params\"}")
            }
            operations.append(try Self.step(index, method, fields["params"]))
        }
        return ListenerSteps(steps: steps, operations: operations)
    }

    /// Step `index` of an event's steps as the operation it asks for; its error names the step.
    static func step(_ index: Int, _ method: String, _ params: JSONValue?) throws(RPCFailure) -> NavOperation {
        do throws(RPCFailure) {
            return try NavOperation(method: method, params: params)
        } catch {
            throw error.atStep(index, method)
        }
    }

    // MARK: - Performing the queue's actions

    /// What a line of `read` made the queue decide, performed after the line: the read's
    /// responses so far go out first, so that an answer written for another read (an emit
    /// finished meanwhile, on this very connection perhaps) comes after them.
    func performEventActions(of read: inout ReadBatch) {
        guard !read.eventActions.isEmpty else { return }
        flushResponses(of: &read)
        let actions = read.eventActions
        read.eventActions = []
        perform(actions, into: &read.outbox)
    }

    /// Performs the queue's actions in order. Lines a release runs may queue emits and answer
    /// nothing directly: their actions, and the queue's next turn after each release, join the
    /// end of the list — performed here, one after the other, never from inside another action.
    func perform(_ actions: [EventAction], into outbox: inout Outbox) {
        var work = actions
        var next = 0
        while next < work.count {
            let action = work[next]
            next += 1
            switch action {
            case .ask(let emit, let requests):
                ask(requests, about: emit, into: &outbox)
            case .drop(let client, let events):
                sendDropped(client, events: events, into: &outbox)
            case .handle(let emit, let handler, let skipped):
                answer(emit, into: &outbox) { (read) throws(RPCFailure) in
                    .emitted(try self.handle(emit, by: handler, skipped: skipped, in: &read))
                }
            case .refuse(let emit, let error):
                answer(emit, into: &outbox) { (_) throws(RPCFailure) in throw error }
            case .release(let client):
                work += release(client, into: &outbox)
                let now = configuration.clock()
                work += updateEventQueue { $0.released(now: now) }
            }
            if next > 64, next * 2 > work.count {
                work.removeFirst(next)
                next = 0
            }
        }
    }

    /// Sends each listener `event.handle {event, payload, revision, top}` with its own id.
    func ask(_ requests: [(listener: ClientID, requestID: String)], about emit: PendingEmit, into outbox: inout Outbox) {
        let top = engine.tree.topScreen
        let node = engine.tree.screen(top)
        let params: JSONValue = [
            "event": .string(emit.event.name), "payload": .object(emit.payload), "revision": .int(engine.revision),
            "top": ["id": .string(top.description), "screen": .string(node?.name ?? ""), "params": .object(node?.params ?? [:])],
        ]
        let encodedParams = JSONWriter.bytes(params)
        for (listener, requestID) in requests {
            guard let connection = connection(for: listener), !connection.closing else { continue }
            var bytes = JSONBuffer()
            RPCEncoder.request(id: requestID, .eventHandle, into: &bytes) { $0.append(encodedParams) }
            if outbox.send(Payload(bytes.bytes), to: listener) { connection.congested = true }
        }
    }

    /// `events.dropped {events, reason: "timeouts"}` to a listener navd stopped asking.
    func sendDropped(_ client: ClientID, events: Set<String>, into outbox: inout Outbox) {
        guard let connection = connection(for: client), !connection.closing else { return }
        let names = engine.definition.events.map(\.name).filter(events.contains)
        var bytes = JSONBuffer()
        RPCEncoder.notification(.eventsDropped, into: &bytes) {
            JSONWriter.write(["events": .array(names.map(JSONValue.string)), "reason": "timeouts"] as JSONObject, into: &$0)
        }
        if outbox.send(Payload(bytes.bytes), to: client) { connection.congested = true }
    }

    /// Answers an emit with what `outcome` returns (or throws), on its emitter's connection;
    /// nothing when the emitter is gone (rule 78) or the emit was a notification.
    func answer(
        _ emit: PendingEmit, into outbox: inout Outbox, _ outcome: (inout ReadBatch) throws(RPCFailure) -> CallResult
    ) {
        guard let emitter = connection(for: emit.emitter), !emitter.closing else { return }
        var read = ReadBatch(connection: emitter, responses: nil, outbox: outbox)
        let result: Result<CallResult, RPCFailure>
        do throws(RPCFailure) {
            result = .success(try outcome(&read))
        } catch {
            result = .failure(error)
        }
        if let id = emit.requestID {
            switch result {
            case .success(let value): RPCEncoder.success(id: id, into: &read.responses) { write(value, into: &$0) }
            case .failure(let error): RPCEncoder.failure(id: id, error: error, into: &read.responses)
            }
        }
        outbox = finish(read)
    }

    /// The emitter's kept lines run now, in order, as if they had just arrived; a line that
    /// emits again keeps the rest behind that emit. Returns what the lines asked of the queue.
    func release(_ client: ClientID, into outbox: inout Outbox) -> [EventAction] {
        guard let emitter = connection(for: client), !emitter.closing else { return [] }
        emitter.holdsEmit = false
        let backlog = emitter.takeBacklog()
        keptBytes -= backlog.bytes
        guard !backlog.lines.isEmpty else { return [] }
        var read = ReadBatch(connection: emitter, responses: nil, outbox: outbox)
        for line in backlog.lines {
            line.withUnsafeBufferPointer { handleLine($0, in: &read) }
        }
        let actions = read.eventActions
        read.eventActions = []
        outbox = finish(read)
        return actions
    }

    /// Applies an event's steps as one `nav.apply` through the engine path every mutation
    /// takes: a listener's, or the definition's. No steps: `handled: false`.
    func handle(
        _ pending: PendingEmit, by handler: EventHandler, skipped: [SkippedListener], in read: inout ReadBatch
    ) throws(RPCFailure) -> EmitOutcome {
        let by: String
        let writtenSteps: [UInt8]
        let operations: [NavOperation]
        switch handler {
        case .listener(let client, let steps):
            (by, writtenSteps, operations) = (client.description, JSONWriter.bytes(.array(steps.steps)), steps.operations)
        case .definition:
            let substituted = pending.event.substitutedSteps(pending.payload)
            guard !substituted.isEmpty else {
                return EmitOutcome(handling: nil, revision: engine.revision, skipped: skipped)
            }
            var decoded: [NavOperation] = []
            for (index, step) in substituted.enumerated() {
                decoded.append(try Self.step(index, step.method, step.params))
            }
            var written = JSONBuffer()
            JSONWriter.writeArray(substituted, into: &written)
            (by, writtenSteps, operations) = ("definition", written.bytes, decoded)
        }
        let operation = NavOperation.apply(operations, expectRevision: pending.expectRevision)
        let (result, isCommit) = try Self.run(operation, on: &engine)
        if isCommit {
            _ = pending.params.withUnsafeBufferPointer { params in
                committed(
                    result, method: .eventEmit, params: params, sessionChanged: result.changedPending,
                    event: (pending.event.name, by, writtenSteps), in: &read)
            }
        }
        return EmitOutcome(
            handling: EmitOutcome.Handling(by: by, steps: writtenSteps, result: result, committed: isCommit),
            revision: result.revision, skipped: skipped)
    }

    /// Sends what a read answered so far, so that an answer written from elsewhere (an emit
    /// finished meanwhile) comes after it.
    func flushResponses(of read: inout ReadBatch) {
        if read.outbox.send(read.responses, to: read.connection.id) { read.connection.congested = true }
        read.responses.removeAll()
    }
}
