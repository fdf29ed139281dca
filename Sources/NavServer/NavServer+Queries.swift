import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// The methods that read state or configure the connection (docs/protocol.md).
extension NavServer {
    /// `nav.subscribe`. A new subscription starts from the full state in its response:
    /// anything an old one still held would repeat revisions.
    func subscribe(_ connection: ClientConnection, tree: Bool, events: Bool) {
        connection.updateDeferred { $0.removeAll() }
        let subscription = ClientConnection.Subscription(tree: tree, events: events, sentRevision: engine.revision)
        connection.updateSubscription { $0 = subscription }
        list(connection)
    }

    /// `nav.unsubscribe`.
    func unsubscribe(_ connection: ClientConnection) {
        connection.updateDeferred { $0.removeAll() }
        connection.updateSubscription { $0 = nil }
        unlist(connection)
    }

    /// `daemon.hello`. The name is repeated in every notification of this client's revisions,
    /// to every subscriber: its size is bounded like everything else one client makes navd
    /// repeat.
    func hello(_ connection: ClientConnection, name: String) throws(RPCFailure) {
        let bytes = name.utf8.count
        let limit = configuration.maxClientNameBytes
        guard bytes <= limit else {
            throw .invalidParams("'name' is \(bytes) bytes long; at most \(limit) bytes (UTF-8) are allowed", data: [
                "param": "name", "problem": "tooLong", "detail": .string("is longer than \(limit) bytes"),
                "maxBytes": .int(limit), "actualBytes": .int(bytes),
            ])
        }
        connection.name = name
    }

    /// The current tree as compact JSON, encoded once per revision: every `nav.state`,
    /// `nav.subscribe` and `nav.changed` with a root until the next commit splices these bytes.
    /// The tree changes only with the revision (`Navigator.perform` commits both together),
    /// and it is written against the last revision's text (`History.update`): what changed.
    func encodedTree() -> [UInt8] {
        if treeText?.revision != engine.revision { history.update(&treeText, current: engine.tree, revision: engine.revision) }
        // `update` always leaves a text.
        return treeText!.bytes
    }

    /// `daemon.info`.
    var info: JSONValue {
        let clients: [JSONValue] = connections.values.map(\.id).sorted().map { id in
            let c = connection(for: id)!
            var client: JSONObject = [
                "id": .string(id.description), "name": c.name.map(JSONValue.string) ?? .null,
                "subscribed": .bool(c.subscription != nil),
            ]
            // A listener's events, in the order the definition declares them.
            let listens = listenedEvents(of: c.id)
            if !listens.isEmpty {
                client["listens"] = .array(listens.map(JSONValue.string))
            }
            return .object(client)
        }
        return [
            "version": .string(configuration.version),
            "protocol": .string(configuration.protocolVersion),
            "app": .string(engine.definition.app),
            "pid": .int(Int(configuration.pid)),
            "uptimeSeconds": .int(Int(configuration.clock().rounded(.down))),
            "revision": .int(engine.revision),
            "instance": .string(engine.instance),
            "socket": .string(configuration.socketPath),
            "clients": .array(clients),
            "stateDir": configuration.stateDir.map(JSONValue.string) ?? .null,
        ]
    }
}
