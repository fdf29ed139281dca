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
        }
        try params.finish()
        return call
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
    /// The call of a method that reads no field, nil for any other: a request without params
    /// names such a call completely, with no fields to read or check.
    init?(withoutFields method: RPCMethod) {
        switch method {
        case .navState: self = .state
        case .navUnsubscribe: self = .unsubscribe
        case .routesList: self = .routesList
        case .daemonInfo: self = .daemonInfo
        case .rpcDiscover: self = .rpcDiscover
        case .navRoute, .navClose, .navPopTo, .navPopToRoot, .navDismissAll, .navSelectTab, .flowFinish, .navApply,
             .navDeeplink, .navSubscribe, .navURL, .routesResolve, .daemonHello, .navHistory, .navGoto, .navReset:
            return nil
        }
    }
}

extension RPCMethod {
    /// The fields of the method's params object, every one it reads.
    var fields: [StaticString] {
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
        case .navState, .navUnsubscribe, .routesList, .daemonInfo, .rpcDiscover: return []
        }
    }

    private static let routeFields: [StaticString] = ["to", "params", "transition", "from", "expectRevision", "singleTop", "popTo"]
    private static let closeFields: [StaticString] = ["screen", "expectRevision"]
    private static let popToFields: [StaticString] = ["screen", "inclusive", "expectRevision"]
    private static let popToRootFields: [StaticString] = ["flow", "expectRevision"]
    private static let dismissAllFields: [StaticString] = ["expectRevision"]
    private static let selectTabFields: [StaticString] = ["tab", "flow", "expectRevision"]
    private static let finishFields: [StaticString] = ["flow", "result", "expectRevision"]
    private static let applyFields: [StaticString] = ["ops", "expectRevision"]
    private static let deeplinkFields: [StaticString] = ["url", "dryRun", "expectRevision"]
    private static let subscribeFields: [StaticString] = ["tree", "events"]
    private static let urlFields: [StaticString] = ["screen"]
    private static let resolveFields: [StaticString] = ["url"]
    private static let helloFields: [StaticString] = ["name"]
    private static let historyFields: [StaticString] = ["since", "limit", "tree"]
    private static let gotoFields: [StaticString] = ["revision", "expectRevision"]
    private static let resetFields: [StaticString] = ["expectRevision"]
    static let popToOptionFields: [StaticString] = ["screen", "inclusive"]
    static let applyStepFields: [StaticString] = ["method", "params"]
}

extension NavOperation {
    /// The operation a mutation `method` names (`nav.apply` steps, tests), its params decoded
    /// as a request's are; `-32601` for any other name.
    public init(method: String, params: JSONValue?) throws(NavError) {
        guard let rpcMethod = RPCMethod(rawValue: method), rpcMethod.isOperation else { throw .methodNotFound(method) }
        var fields = try Params(names: rpcMethod.fields, params)
        self = try Self.decode(rpcMethod, &fields)
        try fields.finish()
    }

    /// A mutation's operation from its fields; the caller refuses unknown fields after it.
    static func decode(_ method: RPCMethod, _ params: inout Params) throws(NavError) -> NavOperation {
        switch method {
        case .navRoute:
            var request = RouteRequest(to: try params.string("to"))
            request.params = try params.object("params") ?? [:]
            request.transition = try params.optionalString("transition")
            request.from = try params.screenID("from")
            request.expectRevision = try params.int("expectRevision")
            request.singleTop = try params.bool("singleTop") ?? false
            if let popTo = try params.object("popTo") {
                var inner = try Params(names: RPCMethod.popToOptionFields, .object(popTo), prefix: "popTo.")
                request.popTo = ScreenSelector(try inner.string("screen"))
                request.popToInclusive = try inner.bool("inclusive") ?? false
                try inner.finish()
            }
            return .route(request)
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
            let ops: [JSONValue]
            switch params.value("ops") {
            case .array(let array)?: ops = array
            case nil, .null?: throw .badField("ops", .missing(expected: "an array of {method, params}"))
            case let other?: throw .badField("ops", .wrongType(expected: "an array of {method, params}", actual: other.typeName))
            }
            var operations: [NavOperation] = []
            for (index, op) in ops.enumerated() {
                do throws(NavError) {
                    operations.append(try step(op, at: index))
                } catch {
                    throw error.atStep(index, op["method"]?.stringValue ?? "?")
                }
            }
            return .apply(operations, expectRevision: try params.int("expectRevision"))
        case .navDeeplink:
            return .deeplink(
                url: try params.string("url"), dryRun: try params.bool("dryRun") ?? false,
                expectRevision: try params.int("expectRevision"))
        case .navState, .navSubscribe, .navUnsubscribe, .navURL, .routesList, .routesResolve, .daemonInfo, .daemonHello,
             .rpcDiscover, .navHistory, .navGoto, .navReset:
            preconditionFailure("\(method.rawValue) is not a navigation method")
        }
    }

    /// One `{method, params}` step of `nav.apply`: any navigation method, `nav.apply` included.
    private static func step(_ op: JSONValue, at index: Int) throws(NavError) -> NavOperation {
        var step = try Params(names: RPCMethod.applyStepFields, op, prefix: "ops[\(index)].")
        let name = try step.string("method")
        guard let method = RPCMethod(rawValue: name), method.isOperation else {
            let methods = RPCMethod.allCases.filter(\.isOperation).map(\.rawValue).joined(separator: ", ")
            throw NavError.badField("ops[\(index)].method", .notAllowed("'\(name)' is not a navigation method (\(methods))"))
        }
        let params = step.value("params")
        try step.finish()
        var fields = try Params(names: method.fields, params)
        let operation = try decode(method, &fields)
        try fields.finish()
        return operation
    }
}
