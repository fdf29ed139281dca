/// Every method of docs/protocol.md, by its wire name.
public enum RPCMethod: String, CaseIterable, Sendable {
    case navState = "nav.state"
    case navSubscribe = "nav.subscribe"
    case navUnsubscribe = "nav.unsubscribe"
    case navRoute = "nav.route"
    case navClose = "nav.close"
    case navPopTo = "nav.popTo"
    case navPopToRoot = "nav.popToRoot"
    case navDismissAll = "nav.dismissAll"
    case navSelectTab = "nav.selectTab"
    case flowFinish = "flow.finish"
    case navApply = "nav.apply"
    case navDeeplink = "nav.deeplink"
    case navURL = "nav.url"
    case routesList = "routes.list"
    case routesResolve = "routes.resolve"
    case daemonInfo = "daemon.info"
    case daemonHello = "daemon.hello"
    case rpcDiscover = "rpc.discover"

    /// True for the methods that can make a new revision of the navigation tree (a dry-run
    /// `nav.deeplink` does not). Subscribing and naming a connection change only that
    /// connection, not the navigation state.
    public var mutatesState: Bool {
        switch self {
        case .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish,
             .navApply, .navDeeplink:
            return true
        case .navState, .navSubscribe, .navUnsubscribe, .navURL, .routesList, .routesResolve, .daemonInfo,
             .daemonHello, .rpcDiscover:
            return false
        }
    }

    /// The method of that name: `init(rawValue:)`, by the name's bytes (it runs for every
    /// request).
    public init?(name: String) {
        var name = name
        guard let method = name.withUTF8({ RPCMethod(name: $0) }) else { return nil }
        self = method
    }

    /// The method whose name these UTF-8 bytes spell.
    public init?(name bytes: UnsafeBufferPointer<UInt8>) {
        let names = Self.names
        for (index, name) in names.ranges.enumerated() where name.count == bytes.count {
            let equal = names.bytes.withUnsafeBufferPointer { all in
                UnsafeBufferPointer(rebasing: all[name]).elementsEqual(bytes)
            }
            if equal {
                self = Self.allCases[index]
                return
            }
        }
        return nil
    }

    /// Every name's bytes, one after the other, and where each lies (in `allCases` order): a
    /// lookup compares lengths, then the bytes of a name of the right length, without copying
    /// an array per name.
    private static let names: (bytes: [UInt8], ranges: [Range<Int>]) = {
        var bytes: [UInt8] = []
        var ranges: [Range<Int>] = []
        for method in allCases {
            let start = bytes.count
            bytes += method.rawValue.utf8
            ranges.append(start..<bytes.count)
        }
        return (bytes, ranges)
    }()

    /// JSON-RPC reserves names beginning with `rpc.` for its own extensions.
    public static func isReserved(_ name: String) -> Bool {
        name.utf8.starts(with: "rpc.".utf8)
    }
}

/// The notifications navd sends (docs/protocol.md).
public enum RPCNotification: String, CaseIterable, Sendable {
    /// `{revision, baseRevision, changes, truncated?, root?}` to subscribers.
    case navChanged = "nav.changed"
    /// `{reason}` to every client when navd stops.
    case daemonShutdown = "daemon.shutdown"
}
