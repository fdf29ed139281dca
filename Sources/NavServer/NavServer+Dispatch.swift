import NavProtocol
import NavigationCore
import NavJSON

// Dispatch: one decoded call run by the method it names, and its answer written.
extension NavServer {
    /// One request, its response written into the read's responses: its result or its error,
    /// and nothing for a notification (no `id`), which is never answered, not even with an
    /// error, unless it is not a valid request at all. `line` is the line `entry` was read
    /// from: a mutation's params are read there.
    func answer(_ entry: RPCEntry, of line: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) {
        switch entry {
        case .invalid(let id, let error):
            RPCEncoder.failure(id: id, error: error, into: &read.responses)
        case .refused(let id, let error):
            if let id { RPCEncoder.failure(id: id, error: error, into: &read.responses) }
        case .badParams(let id, let method, let error):
            // A mutation is refused while navd shuts down, whatever its params.
            let refusal = method.mutatesState && shuttingDown ? Self.shuttingDownError : RPCFailure(error)
            if let id { RPCEncoder.failure(id: id, error: refusal, into: &read.responses) }
        case .response(let id, let result, let error):
            received(response: id, result: result, error: error, in: &read)
        case .call(let id, let call, let params):
            let result: CallResult
            do throws(RPCFailure) {
                result = try params.withBytes(in: line) { (params) throws(RPCFailure) in try run(call, id: id, params: params, in: &read) }
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
    /// notification): a queued `event.emit` is answered with it later. `params`, a mutation's
    /// params as received, are the cause of the revision it makes.
    func run(_ call: RPCCall, id: JSONValue?, params: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) throws(RPCFailure) -> CallResult {
        // `read.connection` is read by the cases that need it: a local taken here was retained
        // and released for every call, mutations included.
        switch call {
        case .operation(let operation):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try perform(operation, params: params, in: &read)
        case .state:
            return .state
        case .subscribe(let tree, let events):
            subscribe(read.connection, tree: tree, events: events)
            return .state
        case .unsubscribe:
            unsubscribe(read.connection)
            return .value([:])
        case .url(let screen):
            let url = try RPCFailure.engine { () throws(NavError) in try engine.canonicalURL(for: screen) }
            return .value(["url": url.map(JSONValue.string) ?? .null])
        case .routesList:
            return .value(engine.routesJSON)
        case .routesResolve(let url):
            return .encoded(try RPCFailure.engine { () throws(NavError) in try engine.resolve(url) }.encodedJSON)
        case .daemonInfo:
            return .value(info)
        case .daemonHello(let name):
            try hello(read.connection, name: name)
            return .value(["client": .string(read.connection.id.description)])
        case .rpcDiscover:
            return .value(configuration.openRPC)
        case .history(let since, let limit, let tree):
            return .encoded(try historyAnswer(since: since, limit: limit, tree: tree))
        case .goto(let revision, let expectRevision):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try goto(revision, expectRevision: expectRevision, params: params, in: &read)
        case .reset(let expectRevision):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try reset(expectRevision: expectRevision, params: params, in: &read)
        case .sessionSet(let flags, let expectRevision):
            guard !shuttingDown else { throw Self.shuttingDownError }
            return try setSession(flags, expectRevision: expectRevision, params: params, in: &read)
        case .sessionGet:
            return .encoded(engine.session.encodedJSON)
        case .emit(let name, let payload, let expectRevision):
            return try emit(name, payload: payload, expectRevision: expectRevision, id: id, params: params, in: &read)
        case .listen(let events):
            return .value(try listen(read.connection, to: events))
        }
    }

    /// What a call answers, written by `write(_:into:)`.
    enum CallResult {
        case value(JSONValue)
        /// A value written already (`nav.history`'s pages: trees and stored JSON copied as
        /// bytes, not built as values to be written again).
        case encoded([UInt8])
        /// A mutation's result; `committed` when it made a revision, whose events the answer
        /// copies from the history (else they are written from the result).
        case operation(OperationResult, committed: Bool)
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
        case .operation(let result, let committed):
            if committed {
                withNewestEvents(of: result.revision) { result.writeJSON(into: &out, encodedEvents: $0) }
            } else {
                result.writeJSON(into: &out)
            }
        case .state:
            let tree = encodedTree()
            Self.writeState(of: &engine, tree: tree, into: &out)
        case .emitted(let outcome):
            if outcome.committed {
                withNewestEvents(of: outcome.revision) { outcome.writeJSON(into: &out, events: $0) }
            } else {
                outcome.writeJSON(into: &out, events: nil)
            }
        case .held:
            preconditionFailure("a held emit has no answer to write yet")
        }
    }
}
