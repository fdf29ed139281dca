internal import NavigationCore
public import NavJSON

/// What made a revision: the method, the client's `daemon.hello` name and its connection id.
public struct ChangeCauseView: Sendable, Hashable {
    public var method: String
    public var client: String?
    public var clientID: String
    /// An `event.emit`'s revision: the event, who handled it, the steps.
    public var event: EventCauseView?

    public init(method: String, client: String?, clientID: String, event: EventCauseView? = nil) {
        self.method = method
        self.client = client
        self.clientID = clientID
        self.event = event
    }

    /// The client's name, else its connection id.
    public var who: String { client ?? clientID }
}

/// One revision of a `nav.changed`; `events` is nil for a subscription with `events: false`.
public struct ChangeView: Sendable, Hashable {
    public var revision: Int
    public var cause: ChangeCauseView
    public var events: [NavEventView]?

    public init(revision: Int, cause: ChangeCauseView, events: [NavEventView]?) {
        self.revision = revision
        self.cause = cause
        self.events = events
    }
}

/// `nav.changed` (docs/protocol.md): the revisions since `baseRevision`, coalesced for a slow
/// subscriber, and the latest tree when the subscription asked for it (or changes were cut).
public struct NavChangedView: Sendable, Hashable {
    public var revision: Int
    public var baseRevision: Int
    public var changes: [ChangeView]
    public var truncated: Bool
    /// The session now, when a listed revision changed it.
    public var session: SessionView?
    public var root: FlowView?

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        revision = try fields.int("revision")
        baseRevision = try fields.int("baseRevision")
        truncated = try fields.flag("truncated")
        session = try fields.optional("session").map { s throws(ViewDecodingError) in try SessionView(json: s, at: fields.path("session")) }
        root = try fields.optional("root").map { r throws(ViewDecodingError) in try FlowView(json: r, at: fields.path("root")) }
        changes = []
        for (i, change) in try fields.array("changes").enumerated() {
            let path = "\(fields.path("changes"))[\(i)]"
            let changeFields = try JSONFields(change, at: path)
            let causeFields = try JSONFields(try changeFields.value("cause"), at: changeFields.path("cause"))
            let cause = ChangeCauseView(
                method: try causeFields.string("method"), client: try causeFields.optionalString("client"),
                clientID: try causeFields.string("clientId"), event: try EventCauseView(causeFields))
            let events = try changeFields.optional("events").map { e throws(ViewDecodingError) in
                try NavEventView.list(e, at: changeFields.path("events"))
            }
            changes.append(ChangeView(revision: try changeFields.int("revision"), cause: cause, events: events))
        }
    }
}
