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

    /// `{revision, flags, pending, resumed?: {method, result}, noop?, events}`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["revision": .int(revision), "flags": session.flagsJSON, "pending": session.pending?.jsonValue ?? .null]
        if let resumed { object["resumed"] = resumed.jsonValue }
        if noop { object["noop"] = true }
        object["events"] = .array(events.map(\.jsonValue))
        return .object(object)
    }
}

/// A pending request applied by `session.set`: its method as the caller named it, and what the
/// operation did (its events are the revision's).
public struct ResumedRequest: Sendable, Hashable {
    public var method: String
    public var result: OperationResult

    /// `{method, result}`, the result without revision and events (the revision's own).
    public var jsonValue: JSONValue {
        ["method": .string(method), "result": .object(result.detailJSON)]
    }
}
