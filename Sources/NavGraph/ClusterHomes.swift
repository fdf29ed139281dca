internal import NavigationCore

/// Which flow's cluster each screen is drawn in (docs/graph.md). A stack flow's root is in its
/// flow (the first flow in definition order rooted at it); a screen a homed screen pushes is in
/// the same flow: walking each stack flow in definition order, breadth first, along routes whose
/// transition is based on push. A screen only ever presented (a modal, a sheet) is at the top
/// level, as it is in the tree: in a container of its own. A stack flow that is a tab is in
/// its tabs flow's cluster.
struct ClusterHomes {
    /// Screen → its flow.
    private(set) var home: [String: String] = [:]
    /// Stack flow → the tabs flow it is a tab of (the first one).
    private(set) var tabsFlow: [String: String] = [:]

    init(definition: AppDefinition) {
        for flow in definition.flows {
            if case .tabs(let tabs, _) = flow.kind {
                for tab in tabs where tabsFlow[tab] == nil { tabsFlow[tab] = flow.name }
            }
        }
        var queue: [(screen: String, flow: String)] = []
        for flow in definition.flows {
            guard let root = flow.rootScreen, definition.screen(named: root) != nil, home[root] == nil else { continue }
            home[root] = flow.name
            queue.append((root, flow.name))
        }
        var next = 0
        while next < queue.count {
            let (name, flow) = queue[next]
            next += 1
            guard let screen = definition.screen(named: name) else { continue }
            for route in screen.routes.edges {
                guard let target = definition.screen(named: route.to), home[target.name] == nil else { continue }
                let transition = route.transition ?? target.transition ?? TransitionKind.push.rawValue
                guard Self.base(of: transition, in: definition) == .push else { continue }
                home[target.name] = flow
                queue.append((target.name, flow))
            }
        }
    }

    static func base(of transition: String, in definition: AppDefinition) -> TransitionKind? {
        TransitionKind(rawValue: transition) ?? definition.transition(named: transition)?.base
    }
}
