import NavJSON
/// What opening a destination did.
struct Opened {
    var screen: ScreenID
    /// The flow instance started: the routed-to flow, or the anonymous container a
    /// screen-level modal made.
    var flow: FlowID?
    var via: AppliedTransition
}

extension Navigator {
    /// Resolves a transition name to what will be applied: a built-in kind or a custom
    /// transition behaving as its base.
    func transition(named name: String) -> AppliedTransition? {
        context.transition(named: name)
    }

    /// Opens a screen from the current top per docs/app-definition.md.
    mutating func openScreen(_ name: String, params: JSONObjectText, transition: AppliedTransition) throws(NavError) -> Opened {
        let top = tree.topContainer
        var transition = transition
        if transition.kind == .push {
            if let topScreen = tree.lastScreen(ofStack: top) {
                let owner = tree.owner(of: topScreen)!
                let screen = try addScreen(
                    name, params: params, owner: owner, container: top, via: transition,
                    enterVia: EventVia(transition: transition, direction: .push))
                return Opened(screen: screen, flow: nil, via: transition)
            }
            transition = transition.fellBack()
        }
        let kind: FlowNode.Kind = transition.kind == .modalWithNavigation ? .stack : .single
        let container = makeFlow(name: nil, kind: kind, parent: .presented(by: top), via: transition)
        present(container, by: top)
        let screen = try addScreen(
            name, params: params, owner: container, container: container, via: transition,
            enterVia: EventVia(transition: transition, direction: .present))
        return Opened(screen: screen, flow: container, via: transition)
    }

    /// Starts a flow instance from the current top per docs/app-definition.md: embedded on push (the
    /// root screen pushed onto the top stack, owned by the new child flow), presented
    /// otherwise. A tabs flow has no root screen to push, so it is always presented.
    mutating func openFlow(_ flow: FlowDefinition, rootParams: JSONObjectText, transition: AppliedTransition) throws(NavError) -> Opened {
        let top = tree.topContainer
        var transition = transition
        if transition.kind == .push {
            if tree.flows[top]!.kind == .stack, let root = flow.rootScreen {
                let starter = tree.screens[tree.flows[top]!.screens.last!]!.flow
                let id = makeFlow(name: flow.name, kind: .stack, parent: .embedded(parent: starter, host: top), via: transition)
                embed(id, in: starter)
                let screen = try addScreen(
                    root, params: rootParams, owner: id, container: top, via: transition,
                    enterVia: EventVia(transition: transition, direction: .push))
                return Opened(screen: screen, flow: id, via: transition)
            }
            transition = transition.fellBack()
        }
        let built = try buildFlow(
            flow, parent: .presented(by: top), via: transition,
            enterVia: EventVia(transition: transition, direction: .present), rootParams: rootParams)
        present(built.flow, by: top)
        return Opened(screen: built.screen, flow: built.flow, via: transition)
    }
}
