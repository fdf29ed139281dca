import NavJSON
/// What `session.set` did: the revision after it (unchanged when nothing changed), the session
/// now, the request it resumed with what that did, and the events of the revision.
public struct SessionChange: Sendable, Hashable {
    public var revision: Int
    /// No flag changed: no revision.
    public var noop: Bool
    /// The pending request that was applied, with its result (`nil` when none was, or when it
    /// failed and was dropped: then the events end with `pendingDropped`).
    public var resumed: ResumedRequest?
    public var events: [NavEvent]
    public var session: Session

    /// The revision as the history keeps one: its number and events.
    public var revisionResult: OperationResult {
        OperationResult(revision: revision, events: events, noop: noop, detail: .plain)
    }
}

/// A pending request applied by `session.set`: its method as the caller named it, and what the
/// operation did (its events are the revision's).
public struct ResumedRequest: Sendable, Hashable {
    public var method: String
    public var result: OperationResult
}

extension SessionChange: JSONWritable {
    /// `{revision, flags, pending, resumed?: {method, result}, noop?, events}`: what
    /// `session.set` answers.
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"revision":"#, into: &out)
        JSONWriter.writeInt(revision, into: &out)
        JSONWriter.raw(#","flags":"#, into: &out)
        session.writeFlagsAndPending(into: &out)
        if let resumed {
            JSONWriter.raw(#","resumed":"#, into: &out)
            resumed.writeJSON(into: &out)
        }
        if noop { JSONWriter.raw(#","noop":true"#, into: &out) }
        JSONWriter.raw(#","events":"#, into: &out)
        events.writeJSON(into: &out)
        out.append(UInt8(ascii: "}"))
    }
}

extension ResumedRequest: JSONWritable {
    /// `{method, result}`, the result without revision and events (the revision's own).
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"method":"#, into: &out)
        JSONWriter.writeString(method, into: &out)
        JSONWriter.raw(#","result":"#, into: &out)
        result.writeDetail(into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
