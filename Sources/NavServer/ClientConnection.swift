import NavProtocol
import NavigationCore

/// One client as the server tracks it.
struct ClientConnection {
    let id: ClientID
    var decoder: FrameDecoder
    /// Set by `daemon.hello`.
    var name: String?
    var oversizedLines = 0
    var subscription: Subscription?
    /// The transport reported more unsent bytes than the high watermark.
    var congested = false
    var closing = false
    /// Notifications of revisions this connection itself caused, held until its responses
    /// are written.
    var deferred: [Payload] = []

    struct Subscription {
        var tree: Bool
        var events: Bool
        /// The last revision this connection was sent (response or notification).
        var sentRevision: Int
        /// Changes waiting while the connection is congested, oldest first.
        var pending: [ChangeRecord] = []
        var truncated = false
    }
}

/// One committed revision as `nav.changed` lists it.
struct ChangeRecord {
    var revision: Int
    var method: String
    var client: ClientID
    var clientName: String?
    var events: [NavEvent]

    func jsonValue(events includeEvents: Bool) -> JSONValue {
        var object: JSONObject = [
            "revision": .int(revision),
            "cause": ["method": .string(method), "client": clientName.map(JSONValue.string) ?? .null,
                      "clientId": .string(client.description)],
        ]
        if includeEvents { object["events"] = .array(events.map(\.jsonValue)) }
        return .object(object)
    }
}
