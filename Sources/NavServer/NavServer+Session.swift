import NavProtocol
import NavigationCore
import NavJSON

/// `session.set` (docs/guards.md): the flags merge; a change is a revision, kept in the
/// history and broadcast with the session, and it resumes the pending request when the flag
/// it waits for is set.
extension NavServer {
    func setSession(
        _ flags: [FlagAssignment], expectRevision: Int?, params: UnsafeBufferPointer<UInt8>, in read: inout ReadBatch
    ) throws(RPCFailure) -> CallResult {
        let change = try RPCFailure.engine { () throws(NavError) in
            try engine.setFlags(flags.map { (name: $0.name, value: $0.value) }, expectRevision: expectRevision)
        }
        guard !change.noop else { return .encoded(change.encodedJSON) }
        _ = committed(change.revisionResult, method: .sessionSet, params: params, sessionChanged: true, in: &read)
        return .encoded(change.encodedJSON)
    }
}
