public import NavigationCore
public import NavJSON

/// A request's method with its params decoded: what the server runs, one case per method.
/// The mutations are `NavOperation`s, which the engine performs.
public enum RPCCall: Sendable, Hashable {
    /// `nav.route`, `nav.close`, `nav.popTo`, `nav.popToRoot`, `nav.dismissAll`,
    /// `nav.selectTab`, `flow.finish`, `nav.apply`, `nav.deeplink`.
    case operation(NavOperation)
    /// `nav.state`.
    case state
    /// `nav.subscribe`: whether notifications carry the tree and the events.
    case subscribe(tree: Bool, events: Bool)
    /// `nav.unsubscribe`.
    case unsubscribe
    /// `nav.url`: the canonical URL of a screen (the top one when nil).
    case url(screen: ScreenID?)
    /// `routes.list`.
    case routesList
    /// `routes.resolve`.
    case routesResolve(url: String)
    /// `daemon.info`.
    case daemonInfo
    /// `daemon.hello`: the name the connection gives itself.
    case daemonHello(name: String)
    /// `rpc.discover`.
    case rpcDiscover
    /// `nav.history`: entries after `since` (the newest without it), at most `limit`, with
    /// their trees when `tree`.
    case history(since: Int?, limit: Int, tree: Bool)
    /// `nav.goto`: make the tree of `revision` current again.
    case goto(revision: Int, expectRevision: Int?)
    /// `nav.reset`: open the boot tree with fresh ids.
    case reset(expectRevision: Int?)
    /// `session.set`: set the named flags (the others keep their value).
    case sessionSet(flags: [FlagAssignment], expectRevision: Int?)
    /// `session.get`.
    case sessionGet
    /// `event.emit`: a routing event with its payload (validated by the server, which knows
    /// the event's params).
    case emit(name: String, payload: JSONObject, expectRevision: Int?)
    /// `events.listen`: the events this connection handles from now on (`[]`: none).
    case listen(events: [String])

    public var method: RPCMethod {
        switch self {
        case .operation(let operation): return RPCMethod(operation)
        case .state: return .navState
        case .subscribe: return .navSubscribe
        case .unsubscribe: return .navUnsubscribe
        case .url: return .navURL
        case .routesList: return .routesList
        case .routesResolve: return .routesResolve
        case .daemonInfo: return .daemonInfo
        case .daemonHello: return .daemonHello
        case .rpcDiscover: return .rpcDiscover
        case .history: return .navHistory
        case .goto: return .navGoto
        case .reset: return .navReset
        case .sessionSet: return .sessionSet
        case .sessionGet: return .sessionGet
        case .emit: return .eventEmit
        case .listen: return .eventsListen
        }
    }
}

extension RPCMethod {
    /// The method that performs `operation`.
    public init(_ operation: borrowing NavOperation) {
        switch operation {
        case .route: self = .navRoute
        case .close: self = .navClose
        case .popTo: self = .navPopTo
        case .popToRoot: self = .navPopToRoot
        case .dismissAll: self = .navDismissAll
        case .selectTab: self = .navSelectTab
        case .finishFlow: self = .flowFinish
        case .apply: self = .navApply
        case .deeplink: self = .navDeeplink
        }
    }
}

/// One flag of `session.set`'s `flags`, in the order the request lists them.
public struct FlagAssignment: Sendable, Hashable {
    public var name: String
    public var value: Bool

    public init(name: String, value: Bool) {
        self.name = name
        self.value = value
    }
}
