public import NavigationCore
public import NavJSON

/// The params of the request that asks navd for an operation (`RPCMethod(operation)` names its
/// method), in the wire shape of docs/operations.md, which navd's params decoder reads back
/// into the same operation. Fields at their default (no `expectRevision`, `singleTop: false`, empty route
/// params, a null flow result) are left out, as a client typing the request by hand would.
extension NavOperation {
    /// This operation's params object. Its keys are distinct by construction, so they are
    /// appended without a lookup (a history keeps every mutation's params).
    public var requestParams: JSONObject {
        var params: [(key: String, value: JSONValue)] = []
        let expectRevision: Int?
        switch self {
        case .route(let request):
            // Room for the members a route usually has, in the one allocation.
            params.reserveCapacity(4)
            params.append(("to", .string(request.to)))
            if !request.params.isEmpty { params.append(("params", .object(request.params.object))) }
            if let transition = request.transition { params.append(("transition", .string(transition))) }
            if let from = request.from { params.append(("from", .string(from.description))) }
            if request.singleTop { params.append(("singleTop", true)) }
            if let popTo = request.popTo {
                var spec: JSONObject = ["screen": .string(popTo.description)]
                if request.popToInclusive { spec["inclusive"] = true }
                params.append(("popTo", .object(spec)))
            }
            expectRevision = request.expectRevision
        case .close(let screen, let expected):
            if let screen { params.append(("screen", .string(screen.description))) }
            expectRevision = expected
        case .popTo(let screen, let inclusive, let expected):
            params.append(("screen", .string(screen.description)))
            if inclusive { params.append(("inclusive", true)) }
            expectRevision = expected
        case .popToRoot(let flow, let expected):
            if let flow { params.append(("flow", .string(flow.description))) }
            expectRevision = expected
        case .dismissAll(let expected):
            expectRevision = expected
        case .selectTab(let tab, let flow, let expected):
            switch tab {
            case .name(let name): params.append(("tab", .string(name)))
            case .index(let index): params.append(("tab", .int(index)))
            }
            if let flow { params.append(("flow", .string(flow.description))) }
            expectRevision = expected
        case .finishFlow(let flow, let result, let expected):
            params.append(("flow", .string(flow.description)))
            if !result.isNull { params.append(("result", result)) }
            expectRevision = expected
        case .apply(let operations, let expected):
            params.append(("ops", .array(operations.map { operation in
                ["method": .string(RPCMethod(operation).rawValue), "params": .object(operation.requestParams)]
            })))
            expectRevision = expected
        case .deeplink(let url, let dryRun, let expected):
            params.append(("url", .string(url)))
            if dryRun { params.append(("dryRun", true)) }
            expectRevision = expected
        }
        if let expectRevision { params.append(("expectRevision", .int(expectRevision))) }
        return JSONObject(distinctMembers: params)
    }
}
