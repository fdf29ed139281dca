import NavProtocol
import NavigationCore
import NavJSON

/// The methods that read state or configure the connection (docs/protocol.md).
extension NavServer {
    func query(_ method: RPCMethod, _ params: JSONValue?, from id: ClientID) throws(NavError) -> CallResult {
        var reader = try ParamsReader(params)
        let result: JSONValue
        switch method {
        case .navState:
            try reader.finish()
            return .state
        case .navSubscribe:
            let tree = try reader.bool("tree") ?? true
            let events = try reader.bool("events") ?? true
            try reader.finish()
            // A new subscription starts from the full state in this response: anything the
            // old one still held would repeat revisions.
            let connection = connection(for: id)!
            connection.updateDeferred { $0.removeAll() }
            let subscription = ClientConnection.Subscription(tree: tree, events: events, sentRevision: engine.revision)
            connection.updateSubscription { $0 = subscription }
            list(connection)
            return .state
        case .navUnsubscribe:
            let connection = connection(for: id)!
            connection.updateDeferred { $0.removeAll() }
            connection.updateSubscription { $0 = nil }
            unlist(connection)
            result = [:]
        case .navURL:
            let screen = try reader.screenID("screen")
            try reader.finish()
            return .value(["url": try engine.canonicalURL(for: screen).map(JSONValue.string) ?? .null])
        case .routesList:
            result = engine.routesJSON
        case .routesResolve:
            let url = try reader.string("url")
            try reader.finish()
            return .value(try engine.resolve(url))
        case .daemonInfo:
            result = info
        case .daemonHello:
            let name = try reader.string("name")
            try reader.finish()
            // The name is repeated in every notification of this client's revisions, to every
            // subscriber: its size is bounded like everything else one client makes navd repeat.
            let bytes = name.utf8.count
            let limit = configuration.maxClientNameBytes
            guard bytes <= limit else {
                throw .invalidParams("'name' is \(bytes) bytes long; at most \(limit) bytes (UTF-8) are allowed", data: [
                    "param": "name", "problem": "tooLong", "detail": .string("is longer than \(limit) bytes"),
                    "maxBytes": .int(limit), "actualBytes": .int(bytes),
                ])
            }
            connection(for: id)!.name = name
            return .value(["client": .string(id.description)])
        case .rpcDiscover:
            result = configuration.openRPC
        default:
            throw NavError(.internalError, "method '\(method.rawValue)' has no handler", reason: "internalError")
        }
        try reader.finish()
        return .value(result)
    }

    /// The current tree as compact JSON, encoded once per revision: every `nav.state`,
    /// `nav.subscribe` and `nav.changed` with a root until the next commit splices these bytes.
    /// The tree changes only with the revision (`Navigator.perform` commits both together).
    func encodedTree() -> [UInt8] {
        if let treeCache, treeCache.revision == engine.revision { return treeCache.bytes }
        let bytes = Self.encodeTree(of: &engine)
        treeCache = (engine.revision, bytes)
        return bytes
    }

    /// The tree encoded where it is stored, not from a copy (see `writeState(of:tree:into:)`).
    private static func encodeTree(of navigator: inout Navigator) -> [UInt8] {
        navigator.tree.encodedJSON
    }

    /// `daemon.info`.
    var info: JSONValue {
        let clients: [JSONValue] = connections.values.map(\.id).sorted().map { id in
            let c = connection(for: id)!
            return ["id": .string(id.description), "name": c.name.map(JSONValue.string) ?? .null,
                    "subscribed": .bool(c.subscription != nil)]
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
