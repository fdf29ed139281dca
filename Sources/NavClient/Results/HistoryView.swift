public import NavJSON

/// What made a past revision, as `nav.history` keeps it: the request's method and params (a
/// mutation's in canonical form, so that it can be sent again), the client's `daemon.hello`
/// name and its connection id (both nil for navd's own revisions: `daemon.start`,
/// `daemon.migrate`).
public struct HistoryCauseView: Sendable, Hashable {
    public var method: String
    public var params: JSONObject
    public var client: String?
    public var clientID: String?
    /// An `event.emit`'s revision: the event, who handled it, the steps.
    public var event: EventCauseView?

    public init(method: String, params: JSONObject = [:], client: String? = nil, clientID: String? = nil, event: EventCauseView? = nil) {
        self.method = method
        self.params = params
        self.client = client
        self.clientID = clientID
        self.event = event
    }

    /// The client's name, else its connection id, else `navd` (its own revisions).
    public var who: String { client ?? clientID ?? "navd" }
}

/// One revision of `nav.history`: when it was made (milliseconds since the Unix epoch), its
/// cause, its events, and its tree when the call asked for trees (`tree: true`).
public struct HistoryEntryView: Sendable, Hashable {
    public var revision: Int
    public var at: Int
    public var cause: HistoryCauseView
    public var events: [NavEventView]
    public var root: FlowView?

    public init(revision: Int, at: Int, cause: HistoryCauseView, events: [NavEventView] = [], root: FlowView? = nil) {
        self.revision = revision
        self.at = at
        self.cause = cause
        self.events = events
        self.root = root
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        let causeFields = try JSONFields(try fields.value("cause"), at: fields.path("cause"))
        self.init(
            revision: try fields.int("revision"), at: try fields.int("at"),
            cause: HistoryCauseView(
                method: try causeFields.string("method"), params: try causeFields.objectValue("params"),
                client: try causeFields.optionalString("client"), clientID: try causeFields.optionalString("clientId"),
                event: try EventCauseView(causeFields)),
            events: try NavEventView.list(fields.optional("events"), at: fields.path("events")),
            root: try fields.optional("root").map { root throws(ViewDecodingError) in try FlowView(json: root, at: fields.path("root")) })
    }
}

/// `nav.history`: the entries asked for, oldest first (newest last), and the range navd still
/// keeps: `oldest` (nil when it keeps none) to `latest` (the current revision). `more`: the
/// page stopped at navd's byte bound, and the rest starts after the last entry. `json` is the
/// result as navd sent it, for `--json`.
public struct HistoryView: Sendable, Hashable {
    public var entries: [HistoryEntryView]
    public var oldest: Int?
    public var latest: Int
    public var more: Bool
    public var json: JSONValue

    public init(entries: [HistoryEntryView], oldest: Int?, latest: Int, more: Bool = false, json: JSONValue = .null) {
        self.entries = entries
        self.oldest = oldest
        self.latest = latest
        self.more = more
        self.json = json
    }

    /// This page followed by `next`, the page after its last entry: the entries of both, the
    /// range and `more` of the newer answer, and one result's JSON of them all.
    public func followed(by next: HistoryView) -> HistoryView {
        let entriesJSON = (json["entries"]?.arrayValue ?? []) + (next.json["entries"]?.arrayValue ?? [])
        var object: JSONObject = ["entries": .array(entriesJSON), "oldest": next.json["oldest"] ?? .null, "latest": next.json["latest"] ?? .null]
        if next.more { object["more"] = true }
        return HistoryView(entries: entries + next.entries, oldest: next.oldest, latest: next.latest, more: next.more, json: .object(object))
    }

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        var entries: [HistoryEntryView] = []
        for (i, entry) in try fields.array("entries").enumerated() {
            entries.append(try HistoryEntryView(json: entry, at: "\(fields.path("entries"))[\(i)]"))
        }
        for (earlier, later) in zip(entries, entries.dropFirst()) where later.revision <= earlier.revision {
            throw ViewDecodingError(
                path: fields.path("entries"),
                message: "entries must be oldest first: revision \(later.revision) follows \(earlier.revision)")
        }
        self.init(
            entries: entries, oldest: try fields.optionalInt("oldest"), latest: try fields.int("latest"), more: try fields.flag("more"),
            json: json)
    }
}
