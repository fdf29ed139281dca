public import NavigationCore
public import NavJSON

/// The request that asks navd for an operation: the method that performs it and its params in
/// the wire shape of docs/operations.md, which navd's params decoder reads back into the same
/// operation. Fields at their default (no `expectRevision`, `singleTop: false`, empty route
/// params, a null flow result) are left out, as a client typing the request by hand would.
extension NavOperation {
    /// The method that performs this operation.
    public var requestMethod: RPCMethod {
        switch self {
        case .route: return .navRoute
        case .close: return .navClose
        case .popTo: return .navPopTo
        case .popToRoot: return .navPopToRoot
        case .dismissAll: return .navDismissAll
        case .selectTab: return .navSelectTab
        case .finishFlow: return .flowFinish
        case .apply: return .navApply
        case .deeplink: return .navDeeplink
        }
    }

    /// This operation's params object.
    public var requestParams: JSONObject {
        var params: JSONObject = [:]
        let expectRevision: Int?
        switch self {
        case .route(let request):
            params["to"] = .string(request.to)
            if !request.params.isEmpty { params["params"] = .object(request.params) }
            if let transition = request.transition { params["transition"] = .string(transition) }
            if let from = request.from { params["from"] = .string(from.description) }
            if request.singleTop { params["singleTop"] = true }
            if let popTo = request.popTo {
                var spec: JSONObject = ["screen": .string(popTo.description)]
                if request.popToInclusive { spec["inclusive"] = true }
                params["popTo"] = .object(spec)
            }
            expectRevision = request.expectRevision
        case .close(let screen, let expected):
            if let screen { params["screen"] = .string(screen.description) }
            expectRevision = expected
        case .popTo(let screen, let inclusive, let expected):
            params["screen"] = .string(screen.description)
            if inclusive { params["inclusive"] = true }
            expectRevision = expected
        case .popToRoot(let flow, let expected):
            if let flow { params["flow"] = .string(flow.description) }
            expectRevision = expected
        case .dismissAll(let expected):
            expectRevision = expected
        case .selectTab(let tab, let flow, let expected):
            switch tab {
            case .name(let name): params["tab"] = .string(name)
            case .index(let index): params["tab"] = .int(index)
            }
            if let flow { params["flow"] = .string(flow.description) }
            expectRevision = expected
        case .finishFlow(let flow, let result, let expected):
            params["flow"] = .string(flow.description)
            if !result.isNull { params["result"] = result }
            expectRevision = expected
        case .apply(let operations, let expected):
            params["ops"] = .array(operations.map { operation in
                ["method": .string(operation.requestMethod.rawValue), "params": .object(operation.requestParams)]
            })
            expectRevision = expected
        case .deeplink(let url, let dryRun, let expected):
            params["url"] = .string(url)
            if dryRun { params["dryRun"] = true }
            expectRevision = expected
        }
        if let expectRevision { params["expectRevision"] = .int(expectRevision) }
        return params
    }
}
