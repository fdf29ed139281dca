public import NavJSON

/// One connection in `daemon.info`'s list.
public struct ClientInfoView: Sendable, Hashable {
    public var id: String
    /// Its `daemon.hello` name, nil before it said one.
    public var name: String?
    public var subscribed: Bool
    /// The routing events it handles (`events.listen`), empty for none.
    public var listens: [String] = []
}

/// `daemon.info`: the daemon, its state and its clients. `json` is the result as navd sent
/// it, for `--json` and for the fields printed as they came (version, pid, uptime…).
public struct DaemonInfoView: Sendable, Hashable {
    public var app: String
    public var clients: [ClientInfoView]
    /// Where navd keeps its state, nil when it keeps none.
    public var stateDirectory: String?
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        app = try fields.string("app")
        stateDirectory = try fields.optionalString("stateDir")
        clients = []
        for (i, client) in try fields.array("clients").enumerated() {
            let clientFields = try JSONFields(client, at: "\(fields.path("clients"))[\(i)]")
            clients.append(ClientInfoView(
                id: try clientFields.string("id"), name: try clientFields.optionalString("name"),
                subscribed: try clientFields.flag("subscribed"),
                listens: (clientFields.optional("listens")?.arrayValue ?? []).compactMap(\.stringValue)))
        }
        self.json = json
    }
}
