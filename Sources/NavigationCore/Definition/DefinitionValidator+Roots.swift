/// Checks the screens navd opens with no params at all: they must need none.
///
/// The root flow's root screen is opened at boot, and a tabs flow opens the root screen of
/// every tab when it starts (at boot, or when routed to: a tabs flow takes no params). Nothing
/// can supply a param there, so a required param without a default would make boot (or every
/// route to the tabs flow) fail. Routing to a stack flow passes the route's params to its root
/// screen, so other flows' roots may require params.
extension DefinitionValidator {
    mutating func checkScreensOpenedWithoutParams() {
        var checked: Set<String> = []
        if let root = definition.flow(named: definition.root), case .stack(let screen) = root.kind {
            checkOpenedWithoutParams(screen, of: root, why: "the root flow '\(root.name)' opens it at boot", checked: &checked)
        }
        for flow in definition.flows {
            guard case .tabs(let tabs, _) = flow.kind else { continue }
            for tab in tabs {
                guard let tabFlow = definition.flow(named: tab), case .stack(let screen) = tabFlow.kind else { continue }
                checkOpenedWithoutParams(
                    screen, of: tabFlow, why: "flow '\(tab)' is a tab of '\(flow.name)', which opens it when it starts",
                    checked: &checked)
            }
        }
    }

    /// Reports, at the flow's `root`, the params of `screen` that nothing supplies.
    private mutating func checkOpenedWithoutParams(
        _ screen: String, of flow: FlowDefinition, why: String, checked: inout Set<String>
    ) {
        guard checked.insert(flow.name).inserted, let definition = definition.screen(named: screen) else { return }
        let needed = definition.params.filter { $0.isRequired && $0.defaultValue == nil }.map { "'\($0.name)'" }
        guard !needed.isEmpty else { return }
        error(
            Self.path(ofFlow: flow.name).key("root"),
            "root screen '\(screen)' requires param\(needed.count == 1 ? "" : "s") \(needed.joined(separator: ", ")), but \(why) without params: every param of a screen opened without params must be optional or have a default"
        )
    }
}
