import NavJSON
import NavSpelling
extension Navigator {
    /// `nav.popTo`: pops the stack holding the screen down to it (with `inclusive`, closes it
    /// too). A name means the nearest screen of that name on the visible path, from the top.
    mutating func popTo(_ selector: ScreenSelector, inclusive: Bool) throws(NavError) {
        let target: ScreenID
        switch selector {
        case .id(let id):
            guard tree.screens[id] != nil else { throw .unknownInstance(id.description) }
            target = id
        case .name(let name):
            guard let id = tree.visibleScreens.last(where: { tree.screens[$0]?.name == name }) else {
                throw .unknownInstance(name, "popTo: no screen '\(name)' on the visible path")
            }
            target = id
        }
        if inclusive {
            try close(target)
        } else {
            let container = tree.screens[target]!.container
            pop(container, keep: tree.flows[container]!.screens.firstIndex(of: target)! + 1)
        }
    }

    /// `nav.popToRoot`: pops the top stack (or the given flow's) down to its first screen.
    /// For an embedded flow that is the flow's own first screen; for a tabs flow, the
    /// selected tab's stack.
    mutating func popToRoot(_ flow: FlowID?) throws(NavError) {
        var id = flow ?? tree.topContainer
        guard var node = tree.flows[id] else { throw .unknownInstance(id.description) }
        if node.kind == .tabs {
            id = node.tabs[node.selected]
            node = tree.flows[id]!
        }
        if node.isEmbedded {
            let host = node.container
            let first = tree.flows[host]!.screens.firstIndex { tree.screens[$0]?.flow == id }!
            pop(host, keep: first + 1)
        } else {
            pop(id, keep: 1)
        }
    }

    /// `nav.selectTab`: on the given tabs flow or the nearest one of the visible path.
    mutating func selectTab(_ tab: TabSelector, flow: FlowID?) throws(NavError) {
        let tabsID: FlowID
        if let flow {
            guard let kind = tree.kind(of: flow) else { throw .unknownInstance(flow.description) }
            guard kind == .tabs else { throw .badField("flow", .notAllowed("is \(flow), a \(kind) flow, not a tabs flow")) }
            tabsID = flow
        } else {
            guard let nearest = tree.nearestTabsFlow else {
                throw .badField("tab", .notAllowed("cannot be selected: no tabs flow is on the visible path"))
            }
            tabsID = nearest
        }
        // Reads only what the common case (a tab by index, in range) needs, without copying
        // the node or the tab flows' names.
        let tabCount = tree.tabCount(of: tabsID)!
        let index: Int
        switch tab {
        case .index(let i):
            guard i >= 0 && i < tabCount else {
                let node = tree.flows[tabsID]!
                throw .badField("tab", .notAllowed("\(i) is out of range: \(node.name ?? tabsID.description) has \(node.tabs.count) tabs (0–\(node.tabs.count - 1))"))
            }
            index = i
        case .name(let name):
            let node = tree.flows[tabsID]!
            let names = node.tabs.map { tree.flows[$0]?.name ?? "" }
            guard let i = names.firstIndex(of: name) else {
                let suggestions = NearestNames.nearest(to: name, among: names)
                let question = NearestNames.question(suggestions).map { "; \($0)" } ?? ""
                let problem = FieldProblem.notAllowed(
                    "'\(name)' is not a tab of \(node.name ?? tabsID.description) (tabs: \(names.joined(separator: ", ")))\(question)")
                var error = NavError.badField("tab", problem)
                // The name says which field it is: `'tab' 'setings' is not a tab` quoted twice.
                error.message = "invalid params: \(problem.detail)"
                if !suggestions.isEmpty { error.data["suggestions"] = .array(suggestions.map(JSONValue.string)) }
                throw error
            }
            index = i
        }
        select(index, in: tabsID)
    }
}
