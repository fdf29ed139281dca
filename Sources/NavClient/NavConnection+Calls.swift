public import NavigationCore
public import NavJSON
public import NavProtocol

/// The calls client programs make, typed: the method by its `RPCMethod`, an operation as a
/// `NavOperation`, each result decoded into its view. A result that does not have its
/// documented shape is a `.protocolViolation`.
extension NavConnection {
    /// Calls a method and waits for its result as JSON.
    public func call(_ method: RPCMethod, _ params: JSONObject = [:], timeout: Double? = 30) throws(NavClientError) -> JSONValue {
        try call(method.rawValue, .object(params), timeout: timeout)
    }

    /// Asks navd to perform an operation: the revision it made and its events.
    public func perform(_ operation: NavOperation, timeout: Double? = 30) throws(NavClientError) -> OperationResultView {
        let method = RPCMethod(operation)
        return try decoded(method, try call(method, operation.requestParams, timeout: timeout), as: OperationResultView.init(json:))
    }

    /// `nav.apply` with params as a person wrote them (a file of `{method, params}` ops), which
    /// navd checks.
    public func apply(_ params: JSONObject, timeout: Double? = 30) throws(NavClientError) -> OperationResultView {
        try decoded(.navApply, try call(.navApply, params, timeout: timeout), as: OperationResultView.init(json:))
    }

    /// `nav.state`: the whole tree.
    public func state(timeout: Double? = 30) throws(NavClientError) -> NavStateView {
        try decoded(.navState, try call(.navState, timeout: timeout), as: NavStateView.init(json:))
    }

    /// `nav.subscribe`: the tree now; `nav.changed` notifications follow, with the tree when
    /// `tree` and with events unless `events` is false (navd's default when nil).
    public func subscribe(tree: Bool, events: Bool? = nil, timeout: Double? = 30) throws(NavClientError) -> NavStateView {
        var params: JSONObject = ["tree": .bool(tree)]
        if let events { params["events"] = .bool(events) }
        return try decoded(.navSubscribe, try call(.navSubscribe, params, timeout: timeout), as: NavStateView.init(json:))
    }

    /// `nav.unsubscribe`: no more `nav.changed` on this connection.
    public func unsubscribe(timeout: Double? = 30) throws(NavClientError) {
        _ = try call(.navUnsubscribe, timeout: timeout)
    }

    /// `nav.url`: the canonical URL of the top screen, or of `screen`; nil when it has none.
    public func url(of screen: ScreenID? = nil, timeout: Double? = 30) throws(NavClientError) -> URLResultView {
        var params: JSONObject = [:]
        if let screen { params["screen"] = .string(screen.description) }
        return try decoded(.navURL, try call(.navURL, params, timeout: timeout), as: URLResultView.init(json:))
    }

    /// `routes.list`: the app definition navd serves, as JSON (`AppDefinition.decode` reads it).
    public func routes(timeout: Double? = 30) throws(NavClientError) -> RoutesListView {
        try decoded(.routesList, try call(.routesList, timeout: timeout), as: RoutesListView.init(json:))
    }

    /// `routes.resolve`: how a URL matches the routes, changing nothing.
    public func resolve(url: String, timeout: Double? = 30) throws(NavClientError) -> ResolveView {
        try decoded(.routesResolve, try call(.routesResolve, ["url": .string(url)], timeout: timeout), as: ResolveView.init(json:))
    }

    /// `daemon.info`.
    public func info(timeout: Double? = 30) throws(NavClientError) -> DaemonInfoView {
        try decoded(.daemonInfo, try call(.daemonInfo, timeout: timeout), as: DaemonInfoView.init(json:))
    }

    /// `nav.history`: past revisions, newest last, at most `limit` (navd's default when nil):
    /// the first ones after revision `since` (page forward by passing the last one seen), or
    /// without `since` the newest; with each revision's tree when `tree`. A page navd cut at
    /// its byte bound (`more`) is followed: the call asks for the rest after the last entry it
    /// got until it has them all, and answers them as one.
    public func history(since: Int? = nil, limit: Int? = nil, tree: Bool = false, timeout: Double? = 30) throws(NavClientError) -> HistoryView {
        var history = try historyPage(since: since, limit: limit, tree: tree, timeout: timeout)
        // A continuation names its limit: what is left of the one asked for (navd's default
        // when none was).
        var left = (limit ?? RPCCall.historyLimitDefault) - history.entries.count
        while history.more, left > 0, let last = history.entries.last {
            let next = try historyPage(since: last.revision, limit: left, tree: tree, timeout: timeout)
            guard !next.entries.isEmpty else { break }
            history = history.followed(by: next)
            left -= next.entries.count
        }
        return history
    }

    /// One `nav.history` answer as navd sent it (`more` when it stopped at its byte bound).
    public func historyPage(since: Int? = nil, limit: Int? = nil, tree: Bool = false, timeout: Double? = 30) throws(NavClientError) -> HistoryView {
        var params: JSONObject = [:]
        if let since { params["since"] = .int(since) }
        if let limit { params["limit"] = .int(limit) }
        if tree { params["tree"] = true }
        return try decoded(.navHistory, try call(.navHistory, params, timeout: timeout), as: HistoryView.init(json:))
    }

    /// `nav.goto`: that revision's tree, current again as a new revision (a `noop` when it is
    /// the current tree already); `historyGone` when navd no longer keeps it, a conflict when
    /// `expectRevision` is given and is not the current revision.
    public func goto(revision: Int, expectRevision: Int? = nil, timeout: Double? = 30) throws(NavClientError) -> OperationResultView {
        var params: JSONObject = ["revision": .int(revision)]
        if let expectRevision { params["expectRevision"] = .int(expectRevision) }
        return try decoded(.navGoto, try call(.navGoto, params, timeout: timeout), as: OperationResultView.init(json:))
    }

    /// `nav.reset`: the boot tree, with fresh ids, as a new revision.
    public func reset(timeout: Double? = 30) throws(NavClientError) -> OperationResultView {
        try decoded(.navReset, try call(.navReset, timeout: timeout), as: OperationResultView.init(json:))
    }

    /// `session.get`: the session flags and the pending request.
    public func session(timeout: Double? = 30) throws(NavClientError) -> SessionView {
        try decoded(.sessionGet, try call(.sessionGet, timeout: timeout), as: { (json) throws(ViewDecodingError) in try SessionView(json: json) })
    }

    /// `session.set`: sets the named flags (the others keep their value); setting the flag the
    /// pending request waits for resumes it in the same revision.
    public func setSession(_ flags: [(name: String, value: Bool)], timeout: Double? = 30) throws(NavClientError) -> SessionSetView {
        var object = JSONObject()
        for flag in flags { object[flag.name] = .bool(flag.value) }
        return try decoded(.sessionSet, try call(.sessionSet, ["flags": .object(object)], timeout: timeout), as: SessionSetView.init(json:))
    }

    /// `event.emit`: a routing event with its payload (left out when empty); a listener or the
    /// definition's steps handle it, or nobody does and nothing changes.
    public func emit(_ event: String, payload: JSONObject = [:], expectRevision: Int? = nil, timeout: Double? = 30) throws(NavClientError) -> EmitResultView {
        var params: JSONObject = ["name": .string(event)]
        if !payload.isEmpty { params["payload"] = .object(payload) }
        if let expectRevision { params["expectRevision"] = .int(expectRevision) }
        return try decoded(.eventEmit, try call(.eventEmit, params, timeout: timeout), as: EmitResultView.init(json:))
    }

    /// `events.listen`: this connection handles `events` from now on (`[]`: none), answering
    /// navd's `event.handle` (`ServerRequestAnswering`); the events navd says it now handles.
    public func listen(to events: [String], timeout: Double? = 30) throws(NavClientError) -> [String] {
        let json = try call(.eventsListen, ["events": .array(events.map(JSONValue.string))], timeout: timeout)
        return try decoded(.eventsListen, json) { (json) throws(ViewDecodingError) in
            let names = try JSONFields(json, at: "$").array("events")
            let strings = names.compactMap(\.stringValue)
            guard strings.count == names.count else { throw ViewDecodingError(path: "$.events", message: "every event is a name (a string)") }
            return strings
        }
    }

    /// `rpc.discover`: navd's OpenRPC document.
    public func discover(timeout: Double? = 30) throws(NavClientError) -> JSONValue {
        try call(.rpcDiscover, timeout: timeout)
    }

    /// `daemon.hello`: names this connection; its id as navd knows it (`c3`).
    public func hello(name: String, timeout: Double? = 30) throws(NavClientError) -> String? {
        try call(.daemonHello, ["name": .string(name)], timeout: timeout)["client"]?.stringValue
    }
}

private func decoded<Result>(
    _ method: RPCMethod, _ json: JSONValue, as decode: (JSONValue) throws(ViewDecodingError) -> Result
) throws(NavClientError) -> Result {
    do {
        return try decode(json)
    } catch {
        throw .protocolViolation("\(method.rawValue) answered something that does not have its documented shape (\(error))")
    }
}
