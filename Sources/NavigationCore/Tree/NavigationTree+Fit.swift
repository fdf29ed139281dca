import NavJSON
extension NavigationTree {
    /// What of this tree no longer fits `definition` (a definition changed since the tree was
    /// made: restore, `daemon.migrate`), one sentence each naming where: a flow or screen whose
    /// name is gone, a flow whose kind or tabs changed, a screen's params that the definition
    /// would no longer give it (a param gone, added, or of another type), a custom transition
    /// gone, a stack over the limits. Empty when the tree fits: every operation on it then
    /// behaves as on a tree the engine built from this definition. Costs the tree's size.
    public func problems(fitting definition: AppDefinition, limits: NavigationLimits = NavigationLimits()) -> [String] {
        var problems: [String] = []
        if let root = flows[rootFlow], root.name != definition.root {
            problems.append("the root flow \(rootFlow) is '\(root.name ?? "anonymous")', the app definition's root is '\(definition.root)'")
        }
        for id in allFlowsInOrder {
            guard let node = flows[id] else { continue }
            flowProblems(node, definition, into: &problems)
            for screen in node.screens {
                guard let screen = screens[screen] else { continue }
                screenProblems(screen, definition, into: &problems)
            }
        }
        for (id, node) in flows where node.screens.count > limits.screensPerStack {
            problems.append("stack \(id) holds \(node.screens.count) screens, the limit is \(limits.screensPerStack)")
        }
        if screens.count > limits.screensInTree {
            problems.append("the tree holds \(screens.count) screens, the limit is \(limits.screensInTree)")
        }
        return problems
    }

    private func flowProblems(_ node: FlowNode, _ definition: AppDefinition, into problems: inout [String]) {
        transitionProblems(node.via, "flow \(node.id)", definition, into: &problems)
        guard let name = node.name else { return }
        let flow = "flow '\(name)' (\(node.id))"
        guard let defined = definition.flow(named: name) else {
            problems.append("\(flow) is not in the app definition")
            return
        }
        switch defined.kind {
        case .stack:
            if node.kind != .stack { problems.append("\(flow) is a \(node.kind.rawValue) flow, the app definition makes it a stack") }
        case .tabs(let tabs, _):
            guard node.kind == .tabs else {
                problems.append("\(flow) is a \(node.kind.rawValue) flow, the app definition makes it a tabs flow")
                return
            }
            let names = node.tabs.map { flows[$0]?.name ?? "anonymous" }
            if names != tabs {
                problems.append("\(flow) has the tabs [\(names.joined(separator: ", "))], the app definition's are [\(tabs.joined(separator: ", "))]")
            }
        }
    }

    private func screenProblems(_ node: ScreenNode, _ definition: AppDefinition, into problems: inout [String]) {
        transitionProblems(node.via, "screen \(node.id)", definition, into: &problems)
        let screen = "screen '\(node.name)' (\(node.id) in \(node.flow))"
        guard let defined = definition.screen(named: node.name) else {
            problems.append("\(screen) is not in the app definition")
            return
        }
        do throws(NavError) {
            let params = try defined.validatedParams(node.params)
            guard params != node.params else { return }
            let changed = defined.params.map(\.name).filter { params[$0] != node.params[$0] }
            problems.append("\(screen): the app definition gives it other params (\(changed.joined(separator: ", ")))")
        } catch {
            problems.append("\(screen): \(error.message)")
        }
    }

    private func transitionProblems(_ via: AppliedTransition?, _ what: String, _ definition: AppDefinition, into problems: inout [String]) {
        guard let name = via?.name else { return }
        guard let defined = definition.transition(named: name) else {
            problems.append("\(what) was opened by the transition '\(name)', which is not in the app definition")
            return
        }
        if defined.base != via!.kind && !via!.fallback {
            problems.append("\(what) was opened by the transition '\(name)' as \(via!.kind.rawValue), the app definition bases it on \(defined.base.rawValue)")
        }
    }
}
