import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

// Commit: a mutation run on the navigator and, when it made a revision, remembered and
// broadcast.
extension NavServer {
    static let shuttingDownError = RPCFailure(.shuttingDown, "navd is shutting down")

    /// Runs a mutation whose request gave `params`; a committed revision is broadcast.
    func perform(_ operation: NavOperation, params: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch) throws(RPCFailure) -> CallResult {
        let (result, isCommit) = try Self.run(operation, on: &engine)
        // Only a committed revision is news: no-ops and dry runs are not.
        guard isCommit else { return .operation(result, committed: false) }
        // Only a revision that held or dropped a request changed the session.
        return committed(
            result, method: RPCMethod(operation), params: params, sessionChanged: result.changedPending, in: &read)
    }

    /// A revision a request committed: kept in the history with its cause (the method and the
    /// request's params as received), broadcast (with the session when `sessionChanged`, with
    /// the event and who handled it for `event.emit`).
    func committed(
        _ result: OperationResult, method: RPCMethod, params: UnsafeBufferPointer<UInt8>, sessionChanged: Bool = false,
        event: (name: String, by: String, steps: [UInt8])? = nil, in read: inout ReadBatch
    ) -> CallResult {
        read.committed = true
        // The cause and the events are written once, into the revision's history record: the
        // response, every notification and the store copy them from there. `read.connection`
        // is read where it is used: a local taken first was retained and released for every
        // revision.
        let members = event.map { read.connection.causeMembers + HistoryCause.eventMembers(event: $0.name, by: $0.by, steps: $0.steps) }
        remember(result, method: method.name, params: params, members: members ?? read.connection.causeMembers)
        guard !subscribers.isEmpty else { return .operation(result, committed: true) }
        let session = sessionChanged ? engine.session.encodedJSON : nil
        let requester = read.connection.id
        history.withNewestRecord { broadcast($0, session: session, deferring: requester, into: &read.outbox) }
        return .operation(result, committed: true)
    }

    /// `{revision, instance, root}`, written from the navigator where it is stored: a call on
    /// `engine` itself would first copy the whole navigator (its access is checked at run
    /// time, so the compiler cannot borrow it across the call).
    static func writeState(of navigator: inout Navigator, tree: [UInt8], into out: inout JSONBuffer) {
        navigator.writeStateJSON(into: &out, encodedTree: tree)
    }

    /// `navigator.perform` and whether it committed a revision, in one access to `engine`; a
    /// refusal with its `apply` steps named.
    static func run(_ operation: NavOperation, on navigator: inout Navigator) throws(RPCFailure) -> (OperationResult, Bool) {
        let before = navigator.revision
        do throws(NavError) {
            let result = try navigator.perform(operation)
            return (result, navigator.revision != before)
        } catch {
            throw RPCFailure(error.namingSteps(of: operation))
        }
    }

}
