import NavProtocol
import NavigationCore
import NavJSON

/// Routing events (docs/protocol.md "Routing events", Protocol/semantics.md 70–79):
/// `event.emit`, `events.listen`, and the `event.handle` requests navd sends listeners.
///
/// navd never waits inside a call: an emit that needs a listener is queued and its request
/// held (its connection's later requests wait behind it, so its responses keep their order),
/// the listener is sent `event.handle`, and the loop goes on serving everyone. The answer, a
/// timeout (`tick()`) or the listener's disconnect moves the queue forward; the emitter's
/// response is written then. Events are handled one at a time, in emit order.
extension NavServer {
    /// `event.emit`: handled now when nothing waits and no listener listens to it (the
    /// definition's steps, or `handled: false`); otherwise queued (`.held`).
    func emit(
        _ name: String, payload: JSONObject, expectRevision: Int?, id: JSONValue?, in read: inout ReadBatch
    ) throws(NavError) -> CallResult {
        guard !shuttingDown else { throw Self.shuttingDownError }
        guard let event = engine.definition.event(named: name) else { throw unknownEvent(name) }
        let pending = PendingEmit(
            emitter: read.connection.id, requestID: id, event: event, payload: try event.validatedPayload(payload),
            expectRevision: expectRevision)
        if eventQueue.pending.isEmpty && !hasListeners(of: name) {
            return .emitted(try handle(pending, steps: nil, in: &read))
        }
        if read.inBatch {
            throw NavError.invalidRequest(
                "event.emit of '\(name)' waits for a listener and cannot be part of a batch; send it on a line of its own")
        }
        eventQueue.pending.append(pending)
        // Held even without an id: the connection's later requests come after its event (and
        // one connection has at most one event queued, so the queue is bounded by the clients).
        read.connection.holdsEmit = true
        // What this read answered so far goes out first: the emit's own answer may come
        // before this read ends (every listener gone).
        flushResponses(of: &read)
        if !eventQueue.advancing { advance(into: &read.outbox) }
        return .held
    }

    /// `events.listen {events}`: this connection handles those events from now on, after the
    /// listeners that called before it. Every name must be declared.
    func listen(_ connection: ClientConnection, to names: [String]) throws(NavError) -> JSONValue {
        for name in names where engine.definition.event(named: name) == nil { throw unknownEvent(name) }
        connection.listensTo = Set(names)
        listeners.removeAll { $0 === connection }
        if !names.isEmpty { listeners.append(connection) }
        return ["events": .array(names.map(JSONValue.string))]
    }

    /// `-32011`, with the declared events.
    func unknownEvent(_ name: String) -> NavError {
        let known = engine.definition.events.map(\.name)
        let question = NearestNames.question(NearestNames.nearest(to: name, among: known)).map { "; \($0)" } ?? ""
        let list = known.isEmpty ? "the app declares no events" : "declared: " + known.joined(separator: ", ")
        return NavError(
            .unknownEvent, "unknown event '\(name)' (\(list))\(question)",
            data: ["event": .string(name), "known": .array(known.map(JSONValue.string))])
    }

    func hasListeners(of name: String) -> Bool {
        listeners.contains { $0.listensTo.contains(name) }
    }

    /// When the `event.handle` navd waits on times out (`ServerConfiguration.clock` seconds):
    /// the daemon calls `tick()` then.
    public var listenerDeadline: Double? { eventQueue.inFlight?.deadline }

    /// Time passed: a listener that has not answered by its deadline is skipped.
    public func tick() -> [ServerOutput] {
        var outbox = Outbox()
        if let inFlight = eventQueue.inFlight, configuration.clock() >= inFlight.deadline {
            skipInFlight(.timeout, "no answer within \(Int(configuration.listenerTimeout * 1000)) ms", into: &outbox)
        }
        return outbox.outputs
    }

    /// A listener's connection is gone: if navd waits on it, it is skipped. A pending emit of
    /// a connection that is gone is dropped when its turn comes (nobody to answer).
    func listenerGone(_ connection: ClientConnection, into outbox: inout Outbox) {
        listeners.removeAll { $0 === connection }
        if let inFlight = eventQueue.inFlight, inFlight.listener == connection.id {
            skipInFlight(.disconnected, "the listener disconnected before answering", into: &outbox)
        }
    }

    /// A response on a connection: the answer to the `event.handle` navd waits on, or else
    /// ignored (an answer after its timeout, or to nothing navd asked).
    func received(response id: JSONValue, result: JSONValue?, error: JSONValue?, in read: inout ReadBatch) {
        guard let inFlight = eventQueue.inFlight, id == .string(inFlight.requestID), inFlight.listener == read.connection.id else {
            return
        }
        flushResponses(of: &read)
        if let error {
            let message = error["message"]?.stringValue ?? JSONWriter.string(error)
            skipInFlight(.error, "answered an error: \(message)", into: &read.outbox)
            return
        }
        let steps: [JSONValue]
        let operations: [NavOperation]
        do throws(NavError) {
            (steps, operations) = try Self.steps(ofAnswer: result ?? .null)
        } catch {
            skipInFlight(.badAnswer, error.message, into: &read.outbox)
            return
        }
        eventQueue.inFlight = nil
        if operations.isEmpty {
            advance(into: &read.outbox)
            return
        }
        let pending = eventQueue.pending.removeFirst()
        resolve(pending, with: (by: read.connection.idText, steps: steps, operations: operations), into: &read.outbox)
        advance(into: &read.outbox)
    }

    /// `{steps: [{method, params}…]}`, each step a navigation method as in `nav.apply`.
    static func steps(ofAnswer result: JSONValue) throws(NavError) -> ([JSONValue], [NavOperation]) {
        guard case .object(let object) = result, case .array(let steps)? = object["steps"], object.count == 1 else {
            throw NavError.invalidParams("the answer must be {\"steps\": [...]}, not \(JSONWriter.string(result))")
        }
        var operations: [NavOperation] = []
        for (index, step) in steps.enumerated() {
            guard case .object(let fields) = step, case .string(let method)? = fields["method"],
                fields.keys.allSatisfy({ $0 == "method" || $0 == "params" })
            else {
                throw NavError.invalidParams("steps[\(index)] must be {\"method\", \"params\"}")
            }
            operations.append(try Self.step(index, method, fields["params"]))
        }
        return (steps, operations)
    }

    /// Step `index` of an event's steps as the operation it asks for; its error names the step.
    private static func step(_ index: Int, _ method: String, _ params: JSONValue?) throws(NavError) -> NavOperation {
        do throws(NavError) {
            return try NavOperation(method: method, params: params)
        } catch {
            throw error.atStep(index, method)
        }
    }

    private func skipInFlight(_ reason: SkippedListener.Reason, _ message: String, into outbox: inout Outbox) {
        guard let inFlight = eventQueue.inFlight else { return }
        eventQueue.inFlight = nil
        eventQueue.pending[0].skipped.append(SkippedListener(client: inFlight.listener, reason: reason, message: message))
        advance(into: &outbox)
    }

    /// Moves the queue forward until navd waits on a listener or nothing is left: asks the
    /// head's next listener, or — when none is left to ask — handles it with the definition.
    func advance(into outbox: inout Outbox) {
        guard !eventQueue.advancing else { return }
        eventQueue.advancing = true
        defer { eventQueue.advancing = false }
        while eventQueue.inFlight == nil, !eventQueue.pending.isEmpty {
            var head = eventQueue.pending[0]
            if head.candidates == nil {
                head.candidates = listeners.filter { $0.listensTo.contains(head.event.name) }.map(\.id)
            }
            if connection(for: head.emitter)?.closing != false {
                eventQueue.pending.removeFirst()
                continue
            }
            let candidates = head.candidates!
            if head.asked < candidates.count {
                let listener = candidates[head.asked]
                head.asked += 1
                eventQueue.pending[0] = head
                guard let connection = connection(for: listener), !connection.closing else {
                    eventQueue.pending[0].skipped.append(SkippedListener(
                        client: listener, reason: .disconnected, message: "the listener disconnected before it was asked"))
                    continue
                }
                ask(connection, about: head, into: &outbox)
                continue
            }
            eventQueue.pending.removeFirst()
            resolve(head, with: nil, into: &outbox)
        }
    }

    /// Sends `event.handle {event, payload, revision, top}` with the next id.
    private func ask(_ connection: ClientConnection, about pending: PendingEmit, into outbox: inout Outbox) {
        let requestID = "e\(eventQueue.nextRequest)"
        eventQueue.nextRequest += 1
        let top = engine.tree.topScreen
        let node = engine.tree.screen(top)
        let params: JSONValue = [
            "event": .string(pending.event.name), "payload": .object(pending.payload), "revision": .int(engine.revision),
            "top": ["id": .string(top.description), "screen": .string(node?.name ?? ""), "params": .object(node?.params ?? [:])],
        ]
        let request: JSONValue = [
            "jsonrpc": "2.0", "id": .string(requestID), "method": .string(RPCServerRequest.eventHandle.rawValue), "params": params,
        ]
        var bytes = JSONWriter.bytes(request)
        bytes.append(UInt8(ascii: "\n"))
        if outbox.send(Payload(bytes), to: connection.id) { connection.congested = true }
        eventQueue.inFlight = EventQueue.InFlight(
            requestID: requestID, listener: connection.id, deadline: configuration.clock() + configuration.listenerTimeout)
    }

    /// A queued emit's turn is over: its steps (a listener's, or the definition's when
    /// `handled` is nil) are applied and its emitter answered; then its later requests run.
    private func resolve(
        _ pending: PendingEmit, with handled: (by: String, steps: [JSONValue], operations: [NavOperation])?,
        into outbox: inout Outbox
    ) {
        guard let emitter = connection(for: pending.emitter), !emitter.closing else { return }
        var read = ReadBatch(connection: emitter, responses: nil, outbox: outbox)
        let outcome: Result<CallResult, NavError>
        do throws(NavError) {
            outcome = .success(.emitted(try handle(pending, steps: handled, in: &read)))
        } catch {
            outcome = .failure(error)
        }
        if let id = pending.requestID {
            switch outcome {
            case .success(let result): RPCEncoder.success(id: id, into: &read.responses) { write(result, into: &$0) }
            case .failure(let error): RPCEncoder.failure(id: id, error: error, into: &read.responses)
            }
        }
        emitter.holdsEmit = false
        let backlog = emitter.backlog
        emitter.backlog = []
        emitter.backlogBytes = 0
        for line in backlog {
            if emitter.holdsEmit {
                emitter.keepBehindEmit(line)
            } else {
                line.withUnsafeBufferPointer { handleLine($0, in: &read) }
            }
        }
        outbox = finish(read)
    }

    /// Applies an event's steps as one `nav.apply` through the engine path every mutation
    /// takes: `steps` a listener's, or the definition's when nil. No steps: `handled: false`.
    func handle(
        _ pending: PendingEmit, steps: (by: String, steps: [JSONValue], operations: [NavOperation])?, in read: inout ReadBatch
    ) throws(NavError) -> EmitOutcome {
        let by: String
        let stepsJSON: [JSONValue]
        let operations: [NavOperation]
        if let steps {
            (by, stepsJSON, operations) = (steps.by, steps.steps, steps.operations)
        } else {
            let substituted = pending.event.substitutedSteps(pending.payload)
            guard !substituted.isEmpty else {
                return EmitOutcome(handling: nil, revision: engine.revision, skipped: pending.skipped)
            }
            var decoded: [NavOperation] = []
            for (index, step) in substituted.enumerated() {
                decoded.append(try Self.step(index, step.method, step.params))
            }
            (by, stepsJSON, operations) = ("definition", substituted.map(\.jsonValue), decoded)
        }
        let operation = NavOperation.apply(operations, expectRevision: pending.expectRevision)
        let (result, isCommit) = try Self.run(operation, on: &engine)
        var events: [UInt8]? = nil
        if isCommit {
            var params: JSONObject = ["name": .string(pending.event.name), "payload": .object(pending.payload)]
            if let expectRevision = pending.expectRevision { params["expectRevision"] = .int(expectRevision) }
            if case .operation(_, let encoded) = committed(
                result, method: .eventEmit, params: .object(params), sessionChanged: result.changedPending,
                event: (pending.event.name, by, stepsJSON), in: &read)
            {
                events = encoded
            }
        }
        return EmitOutcome(
            handling: EmitOutcome.Handling(by: by, steps: stepsJSON, result: result, events: events),
            revision: result.revision, skipped: pending.skipped)
    }

    /// Sends what a read answered so far, so that an answer written from elsewhere (an emit
    /// finished meanwhile) comes after it.
    func flushResponses(of read: inout ReadBatch) {
        if read.outbox.send(read.responses, to: read.connection.id) { read.connection.congested = true }
        read.responses.removeAll()
    }
}
