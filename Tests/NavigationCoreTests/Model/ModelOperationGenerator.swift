import NavigationCore
import NavJSON
import NavRandom

/// One request as a client sends it.
struct ModelCall {
    var method: String
    var params: JSONValue

    var text: String { "\(method) \(JSONWriter.string(params))" }
}

/// Random requests against the current state of a reference model: mostly sensible ones
/// (allowed routes from the top so stacks grow, existing ids) mixed with every kind of wrong
/// one (unknown names, bad params, stale revisions, missing instances, malformed fields).
struct ModelOperationGenerator {
    let app: AppDefinition
    var rng: SplitMix64
    private let destinations: [String]
    private let transitionNames: [String]

    init(app: AppDefinition, seed: UInt64) {
        self.app = app
        self.rng = SplitMix64(seed: seed)
        destinations = app.screens.map(\.name) + app.flows.map(\.name)
        transitionNames = ["push", "modal", "modalWithNavigation"] + app.transitions.map(\.name) + ["teleport"]
    }

    private mutating func percent(_ p: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < p }
    private mutating func pick<T>(_ items: [T]) -> T { items.randomElement(using: &rng)! }
    private mutating func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &rng) }

    mutating func next(for model: ReferenceModel) -> ModelCall {
        let roll = int(0..<100)
        if roll < 8 { return apply(model) }
        if roll < 10 { return malformed(model) }
        if roll < 17, !model.flags.isEmpty { return sessionSet(model) }
        return step(model, roll: int(0..<100))
    }

    /// `session.set` of one or two flags (docs/guards.md), true as often as false; sometimes
    /// a name that is no flag, or a value that is no boolean.
    private mutating func sessionSet(_ model: ReferenceModel) -> ModelCall {
        var flags = JSONObject()
        let names = model.flags.keys.sorted()
        for _ in 0..<int(1..<3) { flags[pick(names)] = .bool(percent(55)) }
        if percent(5) { flags[pick(["sigendIn", "admin", ""])] = true }
        if percent(3) { flags[pick(names)] = "yes" }
        return ModelCall(method: "session.set", params: ["flags": .object(flags)])
    }

    /// One operation other than `apply`.
    private mutating func step(_ model: ReferenceModel, roll: Int) -> ModelCall {
        var call: ModelCall
        switch roll {
        case ..<42: call = ModelCall(method: "nav.route", params: route(model))
        case ..<48: call = ModelCall(method: "nav.deeplink", params: ["url": .string(deepLink())])
        case ..<62: call = ModelCall(method: "nav.close", params: close(model))
        case ..<70: call = ModelCall(method: "nav.popTo", params: popTo(model))
        case ..<75: call = ModelCall(method: "nav.popToRoot", params: popToRoot(model))
        case ..<80: call = ModelCall(method: "nav.dismissAll", params: [:])
        case ..<89: call = ModelCall(method: "nav.selectTab", params: selectTab(model))
        default: call = ModelCall(method: "flow.finish", params: finish(model))
        }
        if case .object(var fields) = call.params {
            if percent(8) { fields["expectRevision"] = .int(model.revision) }
            if percent(4) { fields["expectRevision"] = .int(model.revision + pick([-1, 1, 5])) }
            call.params = .object(fields)
        }
        return call
    }

    // MARK: deeplink

    /// Mostly the URL of a screen with a path (any expansion of its pattern, captures of
    /// their types, sometimes a query item), else a path that matches nothing or a URL of
    /// no form the app takes.
    private mutating func deepLink() -> String {
        let linked = app.screens.filter { $0.path != nil && $0.name != app.notFound }
        let roll = int(0..<100)
        guard roll < 75, !linked.isEmpty else {
            return roll < 92 ? pick(["social://nowhere/\(int(0..<9))", "/zzz", "shop://nothing", "/"])
                : pick(["http://example.com/feed", "ftp://feed", "feed", "nope://x"])
        }
        let screen = pick(linked)
        let pattern = pick(RefTransaction.expansions(screen.path!))
        let segments = pattern.map { piece -> String in
            guard piece.hasPrefix(":") || piece.hasPrefix("*"), let param = screen.params.first(where: { $0.name == piece.dropFirst() })
            else { return piece }
            return captureText(param.type)
        }
        var url = (percent(60) ? "\(pick(app.schemes.isEmpty ? ["x"] : app.schemes))://" : "/") + segments.joined(separator: "/")
        if percent(20), let param = screen.params.randomElement(using: &rng) {
            url += "?\(param.name)=\(captureText(param.type))"
        } else if percent(10) {
            url += "?utm=\(int(0..<9))"
        }
        return url
    }

    /// A path segment or query value of a param's type (sometimes one that is not).
    private mutating func captureText(_ type: ParamType) -> String {
        if percent(5) { return pick(["abc", "-", "1.5"]) }
        switch type {
        case .int: return String(int(0..<50))
        case .bool: return pick(["true", "false"])
        case .double: return pick(["1.5", "2"])
        case .enumeration(let values): return pick(values)
        default: return pick(["a", "b1", "c9", "x"])
        }
    }

    // MARK: route

    private mutating func route(_ model: ReferenceModel) -> JSONValue {
        let top = model.root.topScreen
        let rules = app.screen(named: top.name)!.routes
        let allowed = rules.allowsAny ? destinations : rules.edges.map(\.to)
        var fields = JSONObject()
        let roll = int(0..<100)
        if roll < 8 {
            // The same screen with the same params again: singleTop's case.
            fields["to"] = .string(top.name)
            if !top.params.isEmpty { fields["params"] = .object(top.params) }
            fields["singleTop"] = true
        } else {
            let to: String
            switch roll {
            case ..<78: to = allowed.isEmpty ? pick(destinations) : pick(allowed)
            case ..<95: to = pick(destinations)
            default: to = pick(["nowhere", "Feed", ""])
            }
            fields["to"] = .string(to)
            let params = params(for: to)
            if !params.isEmpty || percent(20) { fields["params"] = .object(params) }
            if percent(12) { fields["singleTop"] = .bool(percent(80)) }
        }
        if percent(18) { fields["transition"] = .string(pick(transitionNames)) }
        if case .string(let to)? = fields["to"], app.flow(named: to) != nil, percent(20) {
            // Flows embed only on push; the sample app has no flow that pushes by default.
            fields["transition"] = "push"
        }
        if percent(8) { fields["from"] = .string("s\(top.id)") }
        if percent(4) { fields["from"] = .string("s\(pick(model.root.allScreens).id)") }
        if percent(14) {
            let stack = model.root[model.root.visiblePath.last!].screens
            let target: String
            switch int(0..<10) {
            case ..<4: target = "s\(pick(stack).id)"
            case ..<7: target = pick(stack).name
            case ..<8: target = "s\(pick(model.root.allScreens).id)"
            case ..<9: target = pick(app.screens).name
            default: target = "s\(model.nextScreen + 7)"
            }
            var popTo: JSONObject = ["screen": .string(target)]
            if percent(30) { popTo["inclusive"] = .bool(percent(85)) }
            fields["popTo"] = .object(popTo)
        }
        return .object(fields)
    }

    /// Params for a destination: usually valid, sometimes with exactly one thing wrong.
    private mutating func params(for destination: String) -> JSONObject {
        let screenName: String
        if app.screen(named: destination) != nil {
            screenName = destination
        } else if let flow = app.flow(named: destination) {
            guard let root = flow.rootScreen else { return percent(15) ? ["tab": 1] : [:] }
            screenName = root
        } else {
            return percent(30) ? ["id": 1] : [:]
        }
        let declared = app.screen(named: screenName)!.params
        var params = JSONObject()
        for param in declared where !param.optional || percent(50) {
            params[param.name] = value(of: param.type)
        }
        guard percent(22) else { return params }
        switch int(0..<7) {
        case 0:
            if let required = declared.first(where: { !$0.optional }) { params[required.name] = nil }
        case 1:
            if let param = declared.randomElement(using: &rng) {
                params[param.name] = param.type == .bool ? "yes" : true
            }
        case 2:
            params["bogus"] = 1
        case 3:
            for param in declared {
                if case .enumeration = param.type { params[param.name] = "nope" }
            }
        case 4:
            if let param = declared.first(where: { $0.type == .int }) { params[param.name] = .double(percent(50) ? 2.0 : 2.5) }
        case 5:
            if let param = declared.randomElement(using: &rng) { params[param.name] = .null }
        default:
            if let param = declared.first(where: { $0.type == .double }) { params[param.name] = .int(3) }
        }
        return params
    }

    private mutating func value(of type: ParamType) -> JSONValue {
        switch type {
        case .string: return .string(pick(["a", "b", "42"]))
        case .int: return .int(int(1..<4))
        case .double: return percent(50) ? .double(1.5) : .int(2)
        case .bool: return .bool(percent(50))
        case .enumeration(let values): return .string(pick(values))
        case .unknown: return .null
        }
    }

    // MARK: close, popTo, popToRoot, selectTab, flow.finish

    private mutating func close(_ model: ReferenceModel) -> JSONValue {
        switch int(0..<100) {
        case ..<45: return [:]
        case ..<90: return ["screen": .string("s\(pick(model.root.allScreens).id)")]
        default: return ["screen": .string("s\(model.nextScreen + int(0..<20))")]
        }
    }

    private mutating func popTo(_ model: ReferenceModel) -> JSONValue {
        let visible = model.root.visiblePath.flatMap { model.root[$0].screens }
        let screen: String
        switch int(0..<10) {
        case ..<4: screen = "s\(pick(model.root.allScreens).id)"
        case ..<7: screen = pick(visible).name
        case 7: screen = pick(app.screens).name
        case 8: screen = "s\(model.nextScreen + int(0..<20))"
        default: screen = "s\(model.root.topScreen.id)"
        }
        var fields: JSONObject = ["screen": .string(screen)]
        if percent(30) { fields["inclusive"] = .bool(percent(85)) }
        return .object(fields)
    }

    private mutating func popToRoot(_ model: ReferenceModel) -> JSONValue {
        switch int(0..<10) {
        case ..<5: return [:]
        case ..<9: return ["flow": .string("f\(pick(model.root.allFlowIDs))")]
        default: return ["flow": .string("f\(model.nextFlow + int(0..<9))")]
        }
    }

    private mutating func selectTab(_ model: ReferenceModel) -> JSONValue {
        let tabsFlows = model.root.allPaths.map { model.root[$0] }.filter { $0.kind == .tabs }
        let nearest = model.root.visiblePath.map { model.root[$0] }.last { $0.kind == .tabs }
        var fields = JSONObject()
        var target = nearest
        switch int(0..<10) {
        case ..<7: break
        case ..<9:
            target = percent(60) && !tabsFlows.isEmpty ? pick(tabsFlows) : model.root[pick(model.root.allPaths)]
            fields["flow"] = .string("f\(target!.id)")
        default:
            fields["flow"] = .string("f\(model.nextFlow + int(0..<9))")
        }
        let tabs = target?.tabs ?? []
        switch int(0..<10) {
        case ..<6 where !tabs.isEmpty: fields["tab"] = .string(pick(tabs).name!)
        case ..<8 where !tabs.isEmpty: fields["tab"] = .int(int(0..<tabs.count))
        case 8: fields["tab"] = .int(pick([-1, tabs.count, 9]))
        default: fields["tab"] = .string(pick(destinations))
        }
        return .object(fields)
    }

    private mutating func finish(_ model: ReferenceModel) -> JSONValue {
        let flows = model.root.allFlowIDs
        var fields: JSONObject = [:]
        if percent(85) {
            // Favour the flows that can finish: the most recent ones.
            fields["flow"] = .string("f\(percent(60) ? flows.max()! : pick(flows))")
        } else {
            fields["flow"] = .string("f\(model.nextFlow + int(0..<9))")
        }
        switch int(0..<10) {
        case ..<4: break
        case ..<6: fields["result"] = .null
        case 6: fields["result"] = "done"
        case 7: fields["result"] = 7
        default: fields["result"] = ["ok": true, "items": [1, 2]]
        }
        return .object(fields)
    }

    // MARK: apply and malformed requests

    /// 2–4 steps, each generated against the state the previous ones would leave (so chains
    /// such as route-then-route-from-the-new-top happen), some failing on the way, a few
    /// being `apply`s themselves.
    private mutating func apply(_ model: ReferenceModel) -> ModelCall {
        var scratch = model
        var ops: [JSONValue] = []
        for _ in 0..<int(2..<5) {
            var call = step(scratch, roll: int(0..<100))
            if percent(3) { call = ModelCall(method: "nav.nope", params: [:]) }
            if percent(3) { call = apply(scratch) }
            _ = scratch.perform(method: call.method, params: call.params)
            ops.append(["method": .string(call.method), "params": call.params])
        }
        var fields: JSONObject = ["ops": .array(ops)]
        if percent(8) { fields["expectRevision"] = .int(model.revision + pick([0, 0, 1])) }
        return ModelCall(method: "nav.apply", params: .object(fields))
    }

    private mutating func malformed(_ model: ReferenceModel) -> ModelCall {
        switch int(0..<8) {
        case 0: return ModelCall(method: "nav.route", params: ["to": "post", "expectRevison": .int(model.revision)])
        case 1: return ModelCall(method: "nav.route", params: ["to": 5])
        case 2: return ModelCall(method: "nav.close", params: ["screen": "x3"])
        case 3: return ModelCall(method: "nav.selectTab", params: ["tab": true])
        case 4: return ModelCall(method: "flow.finish", params: ["result": 1])
        case 5: return ModelCall(method: "nav.popToRoot", params: ["flow": "s1"])
        case 6: return ModelCall(method: "nav.dismissAll", params: [1, 2])
        default: return ModelCall(method: "nav.nope", params: [:])
        }
    }
}
