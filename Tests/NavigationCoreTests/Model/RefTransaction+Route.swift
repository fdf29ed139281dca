import NavigationCore
import NavJSON

/// `nav.route` on the reference model: rules 1–6 of docs/operations.md and the openings of docs/app-definition.md.
extension RefTransaction {
    /// docs/operations.md route, rules 1–6, checked in the order of semantics.md §15.
    mutating func route(_ request: RefRoute) throws(RefError) -> JSONObject {
        // 1. The destination and its params.
        let screenDefinition = app.screen(named: request.to)
        let flowDefinition = app.flow(named: request.to)
        let params: JSONObject
        if screenDefinition != nil {
            params = try checkParams(request.params, of: request.to)
        } else if let flowDefinition {
            if case .stack(let rootName) = flowDefinition.kind {
                params = try checkParams(request.params, of: rootName)
            } else {
                if let key = request.params.keys.first { throw .invalidParam(key, "unknown") }
                params = [:]
            }
        } else {
            throw .unknownDestination
        }

        // 2. The current top screen may open it.
        let top = topScreen
        let rules = app.screen(named: top.name)!.routes
        let listed = rules.edges.first { $0.to == request.to }
        guard listed != nil || rules.allowsAny else { throw .routeNotAllowed }
        if listed == nil { tag("route allowed by *") }

        // 3. `from` is the top.
        if let from = request.from, from != top.id {
            throw .conflict(expected: .string("s\(from)"), actual: .string("s\(top.id)"))
        }

        // 4. The transition: explicit, edge override, destination default, push.
        let via: RefVia
        if let name = request.transition {
            guard let explicit = transition(named: name) else { throw .invalid }
            via = explicit
            tag("explicit transition")
        } else if let name = listed?.transition {
            via = transition(named: name)!
            tag("edge override")
        } else if let screenDefinition {
            via = screenDefinition.transition.map { transition(named: $0)! } ?? RefVia(kind: "push")
        } else {
            via = flowDefinition!.transition.map { transition(named: $0)! } ?? RefVia(kind: "modal")
        }
        if via.name != nil { tag("custom transition") }

        // 6. popTo first, searching the top stack only (semantics.md §16).
        if let selector = request.popTo {
            let path = topPath
            let screens = root[path].screens
            let found: Int?
            switch selector {
            case .id(let id): found = screens.lastIndex { $0.id == id }
            case .name(let name): found = screens.lastIndex { $0.name == name }
            }
            guard let index = found else { throw .unknownInstance }
            if request.popToInclusive {
                try close(screens[index].id)
                tag("route popTo inclusive")
            } else {
                pop(path, keep: index + 1)
                tag("route popTo")
            }
        }

        // 5. singleTop, after popTo (semantics.md §17).
        if request.singleTop, screenDefinition != nil {
            let now = topScreen
            if now.name == request.to, now.params == params {
                tag("singleTop hit")
                return ["screen": .string("s\(now.id)"), "via": .null]
            }
        }

        // Guards: the destination's requires, all set (docs/guards.md).
        if let guardName = firstUnsetFlag(requires(ofDestination: request.to)) {
            throw .guarded(guardName, screen: request.to)
        }

        return try open(screenDefinition, flowDefinition, params: params, via: via)
    }

    /// The first of `names` whose flag is false.
    func firstUnsetFlag(_ names: [String]) -> String? {
        names.first { flags[$0] != true }
    }

    /// What opening a destination requires: a screen's `requires`; for a flow, those of the
    /// screens it starts with (a stack's root, every tab's root).
    func requires(ofDestination name: String) -> [String] {
        if let screen = app.screen(named: name) { return screen.requires }
        guard let flow = app.flow(named: name) else { return [] }
        switch flow.kind {
        case .stack(let root): return app.screen(named: root)?.requires ?? []
        case .tabs(let tabs, _): return tabs.flatMap { requires(ofDestination: $0) }
        }
    }

    /// Opens a screen (or starts a flow, one of the two given) from the top with `via`
    /// (docs/app-definition.md §2.2); returns `nav.route`'s result fields.
    mutating func open(
        _ screenDefinition: ScreenDefinition?, _ flowDefinition: FlowDefinition?, params: JSONObject, via: RefVia
    ) throws(RefError) -> JSONObject {
        var via = via
        let container = root[topPath]
        if via.kind == "push" {
            if container.kind == .stack, let screenDefinition {
                let screen = try newScreen(
                    screenDefinition.name, params: params, owner: container.screens.last!.owner, via: via,
                    enterVia: via.json("push"), stackCount: container.screens.count)
                root[topPath].screens.append(screen)
                tag("pushed screen")
                return ["screen": .string("s\(screen.id)"), "via": via.json]
            }
            if container.kind == .stack, let flowDefinition, case .stack(let rootName) = flowDefinition.kind {
                return try embed(flowDefinition.name, root: rootName, params: params, via: via)
            }
            via.kind = "modal"
            via.fallback = true
            tag(container.kind == .single ? "push fell back (single)" : "push fell back (tabs flow)")
        }
        var result: JSONObject = ["via": via.json]
        if via.fallback { result["fallback"] = true }
        if let screenDefinition {
            // A new anonymous container holding the screen.
            let id = newFlowID()
            logStarted(id, nil)
            var presented = RefFlow(id: id, name: nil, kind: via.kind == "modalWithNavigation" ? .stack : .single, via: via)
            presented.screens = [try newScreen(screenDefinition.name, params: params, owner: id, via: via, enterVia: via.json("present"))]
            root[topPath].presented = presented
            tag("presented anonymous \(presented.kind.rawValue)")
            result["screen"] = .string("s\(presented.screens[0].id)")
            result["flow"] = .string("f\(id)")
            return result
        }
        let presented = try build(flowDefinition!, rootParams: params, via: via, enterVia: via.json("present"))
        if presented.kind == .tabs {
            result["screen"] = .string("s\(presented.tabs[presented.selected].screens[0].id)")
            tag("presented tabs flow")
        } else {
            result["screen"] = .string("s\(presented.screens[0].id)")
            tag("presented flow")
        }
        result["flow"] = .string("f\(presented.id)")
        root[topPath].presented = presented
        return result
    }

    /// Starts an embedded child flow: its root pushed onto the top stack, owned by it, the
    /// flow a child of the pushing screen's owner (semantics.md §3–4).
    private mutating func embed(_ name: String, root rootName: String, params: JSONObject, via: RefVia) throws(RefError) -> JSONObject {
        let path = topPath
        var container = root[path]
        let parent = container.screens.last!.owner
        let id = newFlowID()
        logStarted(id, name)
        let screen = try newScreen(
            rootName, params: params, owner: id, via: via, enterVia: via.json("push"), stackCount: container.screens.count)
        container.screens.append(screen)
        let flow = RefEmbedded(id: id, name: name)
        if parent == container.id {
            container.children.append(flow)
            tag("embedded flow")
        } else {
            func insert(into list: inout [RefEmbedded]) {
                for i in list.indices {
                    if list[i].id == parent { list[i].children.append(flow) } else { insert(into: &list[i].children) }
                }
            }
            insert(into: &container.children)
            tag("nested embedded flow")
        }
        root[path] = container
        return ["screen": .string("s\(screen.id)"), "flow": .string("f\(id)"), "via": via.json]
    }

    // MARK: Transitions and params

    func transition(named name: String) -> RefVia? {
        if ["push", "modal", "modalWithNavigation"].contains(name) { return RefVia(kind: name) }
        guard let custom = app.transitions.first(where: { $0.name == name }) else { return nil }
        return RefVia(kind: custom.base.rawValue, name: custom.name, animator: custom.animator)
    }

    /// Params given for a screen, checked against its declaration, defaults filled
    /// (semantics.md §18).
    func checkParams(_ given: JSONObject, of screenName: String) throws(RefError) -> JSONObject {
        let declared = app.screen(named: screenName)!.params
        for key in given.keys where !declared.contains(where: { $0.name == key }) {
            throw .invalidParam(key, "unknown")
        }
        var result = JSONObject()
        for param in declared {
            guard let value = given[param.name], value != .null else {
                if let fallback = param.defaultValue {
                    result[param.name] = fallback
                } else if !param.optional {
                    throw .invalidParam(param.name, "missing")
                }
                continue
            }
            switch (param.type, value) {
            case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool):
                result[param.name] = value
            case (.int, .double(let d)) where d.rounded() == d && abs(d) < 1e15:
                result[param.name] = .int(Int(d))
            case (.double, .int(let i)):
                result[param.name] = .double(Double(i))
            case (.enumeration(let values), .string(let s)):
                guard values.contains(s) else { throw .invalidParam(param.name, "notAllowed") }
                result[param.name] = value
            default:
                throw .invalidParam(param.name, "wrongType")
            }
        }
        return result
    }
}
