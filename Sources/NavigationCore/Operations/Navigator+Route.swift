import NavJSON
extension Navigator {
    /// `nav.route` (docs/operations.md route, rules 1–6).
    mutating func route(_ request: RouteRequest) throws(NavError) -> RouteOutcome {
        // 1. The destination exists and its params are valid.
        guard let destination = context.destination(named: request.to) else {
            throw .unknownDestination(request.to, known: context.definition.destinationNames)
        }
        let params = try destinationParams(destination, request.params)

        // 2. The top screen's routes allow it.
        let top = tree.topScreen
        let topName = tree.name(of: top)!
        let topScreen = context.screen(named: topName)
        guard let topScreen, topScreen.allows(request.to) else {
            let allowed = topScreen?.definition.routes.allowedNames ?? RouteRules().allowedNames
            throw .routeNotAllowed(from: topName, to: request.to, allowed: allowed)
        }

        // 3. `from` must still be the top.
        if let from = request.from, from != top {
            throw .conflict("top screen", expected: .string(from.description), actual: .string(top.description))
        }

        // 4. The transition: explicit, else the edge override, else the destination's default.
        let transition = try resolveTransition(request, destination: destination, edge: topScreen.edgeTransition(to: request.to))

        // 6. popTo first (same revision).
        if let target = request.popTo {
            let container = tree.topContainer
            let screens = tree.flows[container]!.screens
            let found: Int?
            switch target {
            case .id(let id): found = screens.lastIndex(of: id)
            case .name(let name): found = screens.lastIndex { tree.screens[$0]?.name == name }
            }
            guard let index = found else {
                throw .unknownInstance(target.description, "popTo: no screen '\(target)' in the top stack")
            }
            if request.popToInclusive {
                try close(screens[index])
            } else {
                pop(container, keep: index + 1)
            }
        }

        // 5. singleTop: the same screen with equal params on top means nothing more to do.
        if request.singleTop, case .screen = destination {
            let current = tree.screens[tree.topScreen]!
            if current.name == request.to && current.text.paramsText == params {
                return RouteOutcome(screen: current.id, flow: nil, via: nil)
            }
        }

        // Guards: a destination that requires a flag that is false does not open (the request
        // is held: docs/guards.md).
        if destination.isGuarded { try checkGuards(destination.requires, screen: destination.name) }

        let opened = try open(destination, params: params, transition: transition)
        return RouteOutcome(screen: opened.screen, flow: opened.flow, via: opened.via)
    }

    /// Opens a screen or starts a flow from the current top.
    mutating func open(_ destination: ResolvedDestination, params: JSONObjectText, transition: AppliedTransition) throws(NavError) -> Opened {
        switch destination {
        case .screen(let screen): return try openScreen(screen.name, params: params, transition: transition)
        case .flow(let flow): return try openFlow(flow.definition, rootParams: params, transition: transition)
        }
    }

    /// Params of a route: a screen's own, a stack flow's root screen's; a tabs flow takes none.
    func destinationParams(_ destination: ResolvedDestination, _ given: JSONObjectText) throws(NavError) -> JSONObjectText {
        switch destination {
        case .screen(let screen):
            return try screen.definition.validatedParams(given)
        case .flow(let flow):
            if let root = flow.definition.rootScreen { return try validatedParams(for: root, given) }
            if let key = given.object.keys.first { throw .invalidParams(param: key, problem: .unknown, screen: flow.definition.name) }
            return [:]
        }
    }

    /// The transition: the request's, else the edge's override, else the destination's default.
    func resolveTransition(_ request: RouteRequest, destination: ResolvedDestination, edge: AppliedTransition?) throws(NavError) -> AppliedTransition {
        if let name = request.transition {
            guard let transition = transition(named: name) else {
                let known = TransitionKind.allCases.map(\.rawValue) + definition.transitions.map(\.name)
                throw .badField("transition", .notAllowed("names no transition: '\(name)' (known: \(known.joined(separator: ", ")))"))
            }
            return transition
        }
        return edge ?? destination.defaultTransition
    }

    /// The destination's own default: a screen's `transition` or push; a flow's or modal.
    func defaultTransition(_ destination: AppDefinition.Destination) -> AppliedTransition {
        switch destination {
        case .screen(let screen):
            return context.screen(named: screen.name)?.defaultTransition ?? AppliedTransition(kind: .push)
        case .flow(let flow):
            return context.flow(named: flow.name)?.defaultTransition ?? AppliedTransition(kind: .modal)
        }
    }
}
