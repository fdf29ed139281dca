import NavJSON
/// Why a revision was made: the request's method and its params (a mutation's in the
/// canonical form its operation writes them, so that a history can be replayed), and the
/// connection that asked — its `daemon.hello` name and its id (`c3`). navd's own revisions
/// (`daemon.start`, `daemon.migrate`) have neither.
public struct HistoryCause: Sendable, Hashable {
    public var method: String
    public var params: JSONValue
    public var client: String?
    public var clientID: String?
    /// For a revision an `event.emit` made: the event's name and who handled it
    /// (`"definition"` or a listener's client id).
    public var event: String?
    public var by: String?
    /// The steps the event became (as `nav.apply` ops), with `event`.
    public var steps: JSONValue?

    public init(
        method: String, params: JSONValue = .object([:]), client: String? = nil, clientID: String? = nil,
        event: String? = nil, by: String? = nil, steps: JSONValue? = nil
    ) {
        self.method = method
        self.params = params
        self.client = client
        self.clientID = clientID
        self.event = event
        self.by = by
        self.steps = steps
    }

    /// Revision 1 of a fresh state.
    public static let daemonStart = HistoryCause(method: "daemon.start")

    /// A restored tree that did not fit the definition, replaced by the boot tree.
    public static func daemonMigrate(problems: [String]) -> HistoryCause {
        HistoryCause(method: "daemon.migrate", params: ["problems": .array(problems.map(JSONValue.string))])
    }

    /// `{method, params, client, clientId}` (`null` for a missing client), with `event`, `by`
    /// and `steps` for an event's revision.
    public var jsonValue: JSONValue {
        var object: JSONObject = [
            "method": .string(method), "params": params,
            "client": client.map(JSONValue.string) ?? .null, "clientId": clientID.map(JSONValue.string) ?? .null,
        ]
        if let event { object["event"] = .string(event) }
        if let by { object["by"] = .string(by) }
        if let steps { object["steps"] = steps }
        return .object(object)
    }

    /// `jsonValue` read back.
    public init(json: JSONValue) throws(TreeDecodingError) {
        guard let method = json["method"]?.stringValue else { throw TreeDecodingError(message: "invalid cause: 'method' must be a string") }
        func optional(_ key: String) throws(TreeDecodingError) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw TreeDecodingError(message: "invalid cause: '\(key)' must be a string or null")
            }
        }
        self.init(
            method: method, params: json["params"] ?? .object([:]), client: try optional("client"), clientID: try optional("clientId"),
            event: try optional("event"), by: try optional("by"), steps: json["steps"])
    }
}
