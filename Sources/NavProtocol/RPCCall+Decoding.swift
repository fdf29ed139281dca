public import NavigationCore
public import NavJSON

/// Each method's params as docs/operations.md and docs/protocol.md define them, decoded into
/// its call. Params must be an object (or absent); unknown fields are refused.
extension RPCCall {
    /// `method`'s call from the fields read for it (`Params(names: method.fields, …)`).
    static func decode(_ method: RPCMethod, _ params: inout Params) throws(NavError) -> RPCCall {
        let call: RPCCall
        switch method {
        case .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish, .navApply,
             .navDeeplink:
            call = .operation(try NavOperation.decode(method, &params))
        case .navState, .navUnsubscribe, .routesList, .daemonInfo, .rpcDiscover:
            call = RPCCall(withoutFields: method)!
        case .navSubscribe:
            call = .subscribe(tree: try params.bool("tree") ?? true, events: try params.bool("events") ?? true)
        case .navURL:
            call = .url(screen: try params.screenID("screen"))
        case .routesResolve:
            call = .routesResolve(url: try params.string("url"))
        case .daemonHello:
            call = .daemonHello(name: try params.string("name"))
        case .navHistory:
            call = try decodeHistory(&params)
        case .navGoto:
            guard let revision = try params.int("revision") else {
                throw .badField("revision", .missing(expected: "the revision to go to (an integer)"))
            }
            call = .goto(revision: revision, expectRevision: try params.int("expectRevision"))
        case .navReset:
            call = .reset(expectRevision: try params.int("expectRevision"))
        case .sessionSet:
            call = try decodeSessionSet(&params)
        case .sessionGet:
            call = .sessionGet
        case .eventEmit:
            call = .emit(
                name: try params.string("name"), payload: try params.object("payload") ?? JSONObject(),
                expectRevision: try params.int("expectRevision"))
        case .eventsListen:
            call = .listen(events: try decodeEventNames(&params))
        }
        try params.finish()
        return call
    }
}

extension RPCCall {
    /// `events.listen {events}`: an array of event names (strings), each once.
    private static func decodeEventNames(_ params: inout Params) throws(NavError) -> [String] {
        let expected = "an array of event names"
        guard let elements = try params.elements("events", expected: expected) else {
            throw .badField("events", .missing(expected: expected))
        }
        var names: [String] = []
        for (index, element) in elements.elements.enumerated() {
            var scanner = element
            let value = (try? scanner.value(depth: elements.depth)) ?? .null
            guard case .string(let name) = value else {
                throw .badField("events[\(index)]", .wrongType(expected: "an event name (a string)", actual: value.nonIntegerDescription))
            }
            guard !names.contains(name) else { throw .badField("events[\(index)]", .notAllowed("names '\(name)' twice")) }
            names.append(name)
        }
        return names
    }
}

extension RPCCall {
    /// The most entries one `nav.history` answers, and how many without a `limit`.
    public static let historyLimitMaximum = 1_000
    public static let historyLimitDefault = 100

    /// `nav.history {since?, limit?, tree?}`: `limit` from 1 to `historyLimitMaximum`,
    /// `since` a revision (0 or more).
    private static func decodeHistory(_ params: inout Params) throws(NavError) -> RPCCall {
        let since = try params.int("since")
        if let since, since < 0 {
            throw .badField("since", .notAllowed("must be a revision (0 or more), not \(since)"))
        }
        let limit = try params.int("limit") ?? historyLimitDefault
        guard (1...historyLimitMaximum).contains(limit) else {
            throw .badField("limit", .notAllowed("must be from 1 to \(historyLimitMaximum), not \(limit)"))
        }
        return .history(since: since, limit: limit, tree: try params.bool("tree") ?? false)
    }
}

extension RPCCall {
    /// `session.set {flags: {NAME: bool, …}, expectRevision?}`: every value a boolean.
    private static func decodeSessionSet(_ params: inout Params) throws(NavError) -> RPCCall {
        guard let flags = try params.object("flags") else {
            throw .badField("flags", .missing(expected: "an object of flag names to booleans, e.g. {\"signedIn\": true}"))
        }
        var assignments: [FlagAssignment] = []
        for (name, value) in flags.pairs {
            guard case .bool(let set) = value else {
                throw .badField("flags.\(name)", .wrongType(expected: "a boolean", actual: value.typeName))
            }
            assignments.append(FlagAssignment(name: name, value: set))
        }
        return .sessionSet(flags: assignments, expectRevision: try params.int("expectRevision"))
    }
}

extension RPCCall {
    /// The call of a method that reads no field, nil for any other: a request without params
    /// names such a call completely, with no fields to read or check.
    init?(withoutFields method: RPCMethod) {
        switch method {
        case .navState: self = .state
        case .navUnsubscribe: self = .unsubscribe
        case .routesList: self = .routesList
        case .daemonInfo: self = .daemonInfo
        case .rpcDiscover: self = .rpcDiscover
        case .sessionGet: self = .sessionGet
        case .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish, .navApply,
             .navDeeplink, .navSubscribe, .navURL, .routesResolve, .daemonHello, .navHistory, .navGoto, .navReset,
             .sessionSet, .eventEmit, .eventsListen:
            return nil
        }
    }
}

extension RPCMethod {
    /// The fields of the method's params object, every one it reads.
    var fields: FieldNames {
        switch self {
        case .navRoute: return Self.routeFields
        case .navClose: return Self.closeFields
        case .navPopTo: return Self.popToFields
        case .navPopToRoot: return Self.popToRootFields
        case .navDismissAll: return Self.dismissAllFields
        case .navSelectTab: return Self.selectTabFields
        case .flowFinish: return Self.finishFields
        case .navApply: return Self.applyFields
        case .navDeeplink: return Self.deeplinkFields
        case .navSubscribe: return Self.subscribeFields
        case .navURL: return Self.urlFields
        case .routesResolve: return Self.resolveFields
        case .daemonHello: return Self.helloFields
        case .navHistory: return Self.historyFields
        case .navGoto: return Self.gotoFields
        case .navReset: return Self.resetFields
        case .sessionSet: return Self.sessionSetFields
        case .eventEmit: return Self.emitFields
        case .eventsListen: return Self.listenFields
        case .navState, .navUnsubscribe, .routesList, .daemonInfo, .rpcDiscover, .sessionGet: return .none
        }
    }

    private static let routeFields = FieldNames("to", "params", "transition", "from", "expectRevision", "singleTop", "popTo")
    private static let closeFields = FieldNames("screen", "expectRevision")
    private static let popToFields = FieldNames("screen", "inclusive", "expectRevision")
    private static let popToRootFields = FieldNames("flow", "expectRevision")
    private static let dismissAllFields = FieldNames("expectRevision")
    private static let selectTabFields = FieldNames("tab", "flow", "expectRevision")
    private static let finishFields = FieldNames("flow", "result", "expectRevision")
    private static let applyFields = FieldNames("ops", "expectRevision")
    private static let deeplinkFields = FieldNames("url", "dryRun", "expectRevision")
    private static let subscribeFields = FieldNames("tree", "events")
    private static let urlFields = FieldNames("screen")
    private static let resolveFields = FieldNames("url")
    private static let helloFields = FieldNames("name")
    private static let historyFields = FieldNames("since", "limit", "tree")
    private static let gotoFields = FieldNames("revision", "expectRevision")
    private static let resetFields = FieldNames("expectRevision")
    private static let sessionSetFields = FieldNames("flags", "expectRevision")
    private static let emitFields = FieldNames("name", "payload", "expectRevision")
    private static let listenFields = FieldNames("events")
    static let popToOptionFields = FieldNames("screen", "inclusive")
    static let applyStepFields = FieldNames("method", "params")
}

extension NavOperation {
    /// The operation a mutation `method` names (`nav.apply` steps, tests), its params decoded
    /// as a request's are; `-32601` for any other name.
    public init(method: String, params: JSONValue?) throws(RPCFailure) {
        guard let rpcMethod = RPCMethod(rawValue: method), rpcMethod.isOperation else { throw .methodNotFound(method) }
        self = try RPCFailure.engine { () throws(NavError) in
            try Params.reading(names: rpcMethod.fields, params) { (fields) throws(NavError) in
                let operation = try Self.decode(rpcMethod, &fields)
                try fields.finish()
                return operation
            }
        }
    }

    /// A mutation's operation from its fields; the caller refuses unknown fields after it.
    static func decode(_ method: RPCMethod, _ params: inout Params) throws(NavError) -> NavOperation {
        switch method {
        case .navRoute:
            let to = try params.string("to")
            let routeParams = try params.objectText("params") ?? JSONObjectText()
            let transition = try params.optionalString("transition")
            let from = try params.screenID("from")
            let expectRevision = try params.int("expectRevision")
            let singleTop = try params.bool("singleTop") ?? false
            var popTo: ScreenSelector?
            var popToInclusive = false
            if let given = params.unread("popTo"),
                var inner = try Params(names: RPCMethod.popToOptionFields, at: given.value, depth: given.depth, name: "popTo", prefix: .popTo)
            {
                popTo = ScreenSelector(try inner.string("screen"))
                popToInclusive = try inner.bool("inclusive") ?? false
                try inner.finish()
            }
            return .route(RouteRequest(
                to: to, params: routeParams, transition: transition, from: from, expectRevision: expectRevision,
                singleTop: singleTop, popTo: popTo, popToInclusive: popToInclusive))
        case .navClose:
            return .close(screen: try params.screenID("screen"), expectRevision: try params.int("expectRevision"))
        case .navPopTo:
            return .popTo(
                screen: ScreenSelector(try params.string("screen")), inclusive: try params.bool("inclusive") ?? false,
                expectRevision: try params.int("expectRevision"))
        case .navPopToRoot:
            return .popToRoot(flow: try params.flowID("flow"), expectRevision: try params.int("expectRevision"))
        case .navDismissAll:
            return .dismissAll(expectRevision: try params.int("expectRevision"))
        case .navSelectTab:
            let tab: TabSelector
            switch params.value("tab") {
            case .string(let name)?: tab = .name(name)
            case let number? where number.intValue != nil: tab = .index(number.intValue!)
            case nil: throw .badField("tab", .missing(expected: "a tab's flow name or index"))
            case let other?: throw .badField("tab", .wrongType(expected: "a flow name or an index", actual: other.nonIntegerDescription))
            }
            return .selectTab(tab, flow: try params.flowID("flow"), expectRevision: try params.int("expectRevision"))
        case .flowFinish:
            guard let flow = try params.flowID("flow") else { throw .badField("flow", .missing(expected: "a flow instance id such as f3")) }
            return .finishFlow(flow, result: params.value("result") ?? .null, expectRevision: try params.int("expectRevision"))
        case .navApply:
            let expected = "an array of {method, params}"
            guard let ops = try params.elements("ops", expected: expected) else { throw .badField("ops", .missing(expected: expected)) }
            var operations: [NavOperation] = []
            for (index, op) in ops.elements.enumerated() {
                do throws(NavError) {
                    operations.append(try step(op, depth: ops.depth, at: index))
                } catch {
                    throw error.atStep(index, Self.methodName(of: op, depth: ops.depth))
                }
            }
            return .apply(operations, expectRevision: try params.int("expectRevision"))
        case .navDeeplink:
            return .deeplink(
                url: try params.string("url"), dryRun: try params.bool("dryRun") ?? false,
                expectRevision: try params.int("expectRevision"))
        case .navState, .navSubscribe, .navUnsubscribe, .navURL, .routesList, .routesResolve, .daemonInfo, .daemonHello,
             .rpcDiscover, .navHistory, .navGoto, .navReset, .sessionSet, .sessionGet, .eventEmit, .eventsListen:
            preconditionFailure("\(method.rawValue) is not a navigation method")
        }
    }

    /// One `{method, params}` step of `nav.apply` (at `op`, nested at `depth`): any navigation
    /// method, `nav.apply` included.
    private static func step(_ op: JSONScanner, depth: Int, at index: Int) throws(NavError) -> NavOperation {
        let prefix = FieldPrefix.step(index)
        var step = try Params(names: RPCMethod.applyStepFields, at: op, depth: depth, name: "ops[\(index)]", prefix: prefix)
            ?? Params(names: RPCMethod.applyStepFields, prefix: prefix)
        let name = try step.string("method")
        guard let method = RPCMethod(rawValue: name), method.isOperation else {
            let methods = RPCMethod.allCases.filter(\.isOperation).map(\.rawValue).joined(separator: ", ")
            throw NavError.badField("ops[\(index)].method", .notAllowed("'\(name)' is not a navigation method (\(methods))"))
        }
        let params = step.unread("params")
        try step.finish()
        var fields = Params(names: method.fields)
        if let params, let given = try Params(names: method.fields, at: params.value, depth: params.depth, name: "params") {
            fields = given
        }
        let operation = try decode(method, &fields)
        try fields.finish()
        return operation
    }

    /// The method a step names, for its errors; `?` when it names none.
    private static func methodName(of op: JSONScanner, depth: Int) -> String {
        var scanner = op
        guard let value = try? scanner.value(depth: depth) else { return "?" }
        return value["method"]?.stringValue ?? "?"
    }
}
