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
    case navHistory = "nav.history"
    case navGoto = "nav.goto"
    case navReset = "nav.reset"
    case sessionSet = "session.set"
    case sessionGet = "session.get"
    case eventEmit = "event.emit"
    case eventsListen = "events.listen"

    /// True for the methods that can make a new revision of the navigation tree (a dry-run
    /// `nav.deeplink` does not). Subscribing and naming a connection change only that
    /// connection, not the navigation state.
    public var mutatesState: Bool {
        switch self {
        case .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish,
             .navApply, .navDeeplink, .navGoto, .navReset, .sessionSet, .eventEmit:
            return true
        case .navState, .navSubscribe, .navUnsubscribe, .navURL, .routesList, .routesResolve, .daemonInfo,
             .daemonHello, .rpcDiscover, .navHistory, .sessionGet, .eventsListen:
            return false
        }
    }

    /// True for the methods that perform a `NavOperation`: the ones a `nav.apply` step may
    /// name. `nav.goto` and `nav.reset` change the state too, but replace the whole tree
    /// from the history or the definition: they are not steps (semantics.md 58).
    public var isOperation: Bool {
        switch self {
        case .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish,
             .navApply, .navDeeplink:
            return true
        case .navState, .navSubscribe, .navUnsubscribe, .navURL, .routesList, .routesResolve, .daemonInfo,
             .daemonHello, .rpcDiscover, .navHistory, .navGoto, .navReset, .sessionSet, .sessionGet, .eventEmit,
             .eventsListen:
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

    /// The method whose name these UTF-8 bytes spell: told apart by length first, then compared
    /// with the few names of that length as constants (it runs for every request).
    public init?(name bytes: UnsafeBufferPointer<UInt8>) {
        let method: RPCMethod
        switch bytes.count {
        case 7:
            if bytes.equals(Self.navURL.name) {
                method = .navURL
            } else {
                return nil
            }
        case 8:
            if bytes.equals(Self.navGoto.name) {
                method = .navGoto
            } else {
                return nil
            }
        case 9:
            if bytes.equals(Self.navRoute.name) {
                method = .navRoute
            } else if bytes.equals(Self.navClose.name) {
                method = .navClose
            } else if bytes.equals(Self.navState.name) {
                method = .navState
            } else if bytes.equals(Self.navPopTo.name) {
                method = .navPopTo
            } else if bytes.equals(Self.navApply.name) {
                method = .navApply
            } else if bytes.equals(Self.navReset.name) {
                method = .navReset
            } else {
                return nil
            }
        case 10:
            if bytes.equals(Self.eventEmit.name) {
                method = .eventEmit
            } else {
                return nil
            }
        case 11:
            if bytes.equals(Self.flowFinish.name) {
                method = .flowFinish
            } else if bytes.equals(Self.routesList.name) {
                method = .routesList
            } else if bytes.equals(Self.daemonInfo.name) {
                method = .daemonInfo
            } else if bytes.equals(Self.navHistory.name) {
                method = .navHistory
            } else if bytes.equals(Self.sessionSet.name) {
                method = .sessionSet
            } else if bytes.equals(Self.sessionGet.name) {
                method = .sessionGet
            } else {
                return nil
            }
        case 12:
            if bytes.equals(Self.navDeeplink.name) {
                method = .navDeeplink
            } else if bytes.equals(Self.daemonHello.name) {
                method = .daemonHello
            } else if bytes.equals(Self.rpcDiscover.name) {
                method = .rpcDiscover
            } else {
                return nil
            }
        case 13:
            if bytes.equals(Self.navSelectTab.name) {
                method = .navSelectTab
            } else if bytes.equals(Self.navSubscribe.name) {
                method = .navSubscribe
            } else if bytes.equals(Self.navPopToRoot.name) {
                method = .navPopToRoot
            } else if bytes.equals(Self.eventsListen.name) {
                method = .eventsListen
            } else {
                return nil
            }
        case 14:
            if bytes.equals(Self.navDismissAll.name) {
                method = .navDismissAll
            } else if bytes.equals(Self.routesResolve.name) {
                method = .routesResolve
            } else {
                return nil
            }
        case 15:
            if bytes.equals(Self.navUnsubscribe.name) {
                method = .navUnsubscribe
            } else {
                return nil
            }
        default: return nil
        }
        self = method
    }

    /// The wire name as a constant, `rawValue` without a `String`: printable ASCII that JSON
    /// writes as it is (a revision's cause copies it between quotes).
    public var name: StaticString {
        switch self {
        case .navState: return "nav.state"
        case .navSubscribe: return "nav.subscribe"
        case .navUnsubscribe: return "nav.unsubscribe"
        case .navRoute: return "nav.route"
        case .navClose: return "nav.close"
        case .navPopTo: return "nav.popTo"
        case .navPopToRoot: return "nav.popToRoot"
        case .navDismissAll: return "nav.dismissAll"
        case .navSelectTab: return "nav.selectTab"
        case .flowFinish: return "flow.finish"
        case .navApply: return "nav.apply"
        case .navDeeplink: return "nav.deeplink"
        case .navURL: return "nav.url"
        case .routesList: return "routes.list"
        case .routesResolve: return "routes.resolve"
        case .daemonInfo: return "daemon.info"
        case .daemonHello: return "daemon.hello"
        case .rpcDiscover: return "rpc.discover"
        case .navHistory: return "nav.history"
        case .navGoto: return "nav.goto"
        case .navReset: return "nav.reset"
        case .sessionSet: return "session.set"
        case .sessionGet: return "session.get"
        case .eventEmit: return "event.emit"
        case .eventsListen: return "events.listen"
        }
    }

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
    /// `{events, reason: "timeouts"}` to a listener navd stopped asking (three missed
    /// deadlines in a row); it may call `events.listen` again.
    case eventsDropped = "events.dropped"
}

/// The requests navd sends to a client (docs/protocol.md "Server requests"), with navd's own
/// ids (`"e1"`, `"e2"`, …); the client answers them as any JSON-RPC peer answers a request.
public enum RPCServerRequest: String, CaseIterable, Sendable {
    /// `{event, payload, revision, top}` to a listener of that event (`events.listen`); the
    /// answer is `{steps: [STEP…]}`, `[]` meaning "not mine".
    case eventHandle = "event.handle"
}

/// What `nav.history` names as the `method` of a revision navd made on its own, which no
/// client asked for (docs/protocol.md `nav.history`).
public enum DaemonCause: String, CaseIterable, Sendable {
    /// The boot tree of a navd that had no state to restore.
    case start = "daemon.start"
    /// A stored state whose definition changed, as far as it still fits (its `params.problems`
    /// say what did not).
    case migrate = "daemon.migrate"

    /// The name as a constant, as `RPCMethod.name`.
    public var name: StaticString {
        switch self {
        case .start: return "daemon.start"
        case .migrate: return "daemon.migrate"
        }
    }
}
