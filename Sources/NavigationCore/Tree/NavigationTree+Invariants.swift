/// A broken tree invariant: a bug in navd, never the user's fault.
public struct TreeInvariantViolation: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { "tree invariant violated: \(message)" }
}

extension NavigationTree {
    /// Checks every invariant of docs/tree.md and returns the first violation, or `nil`.
    /// Debug and test builds run it after every operation.
    public func invariantViolation(screenLimitPerStack: Int = .max) -> TreeInvariantViolation? {
        func fail(_ message: String) -> TreeInvariantViolation { TreeInvariantViolation(message: message) }
        guard let root = flows[rootFlow] else { return fail("root flow \(rootFlow) missing") }
        guard root.parent == .root else { return fail("root flow \(rootFlow) has parent \(root.parent)") }

        // Reachability and no cycles: a walk from the root meets every flow exactly once.
        var seen = Set<FlowID>()
        var stack: [FlowID] = [rootFlow]
        while let id = stack.popLast() {
            guard seen.insert(id).inserted else { return fail("flow \(id) reached twice (cycle or shared)") }
            guard let node = flows[id] else { return fail("flow \(id) referenced but missing") }
            for tab in node.tabs {
                guard flows[tab]?.parent == .tab(of: id) else { return fail("tab \(tab) of \(id) has the wrong parent") }
                stack.append(tab)
            }
            for child in node.children {
                guard case .embedded(let parent, _)? = flows[child]?.parent, parent == id else {
                    return fail("child \(child) of \(id) has the wrong parent")
                }
                stack.append(child)
            }
            if let presented = node.presented {
                guard flows[presented]?.parent == .presented(by: id) else {
                    return fail("presented \(presented) of \(id) has the wrong parent")
                }
                guard node.kind != .tabs, !node.isEmbedded else { return fail("\(node.kind) flow \(id) presents") }
                stack.append(presented)
            }
        }
        guard seen.count == flows.count else {
            let leaked = flows.keys.filter { !seen.contains($0) }.sorted().map(\.description)
            return fail("flows not reachable from the root (leaked): \(leaked.joined(separator: ", "))")
        }

        var placed = Set<ScreenID>()
        for (id, node) in flows {
            switch node.kind {
            case .tabs:
                guard !node.tabs.isEmpty, node.tabs.indices.contains(node.selected) else {
                    return fail("tabs flow \(id) selects \(node.selected) of \(node.tabs.count)")
                }
                guard node.screens.isEmpty else { return fail("tabs flow \(id) holds screens") }
            case .stack, .single:
                if node.isEmbedded {
                    guard node.screens.isEmpty else { return fail("embedded flow \(id) holds screens of its own") }
                    continue
                }
                guard !node.screens.isEmpty else { return fail("container \(id) is empty") }
                guard node.kind != .single || node.screens.count == 1 else {
                    return fail("single container \(id) holds \(node.screens.count) screens")
                }
                guard node.screens.count <= screenLimitPerStack else { return fail("stack \(id) over the limit") }
                for screen in node.screens {
                    guard placed.insert(screen).inserted else { return fail("screen \(screen) placed twice") }
                    guard let s = screens[screen] else { return fail("screen \(screen) in \(id) missing") }
                    guard s.container == id else { return fail("screen \(screen) says container \(s.container), is in \(id)") }
                    guard let owner = flows[s.flow] else { return fail("owner \(s.flow) of \(screen) missing") }
                    guard owner.container == id else { return fail("owner \(s.flow) of \(screen) is not hosted in \(id)") }
                }
            }
        }
        guard placed.count == screens.count else { return fail("screens not placed in any container") }

        // Embedded flows: a contiguous run in the host, the first screen pushed, and every
        // embedded flow owns at least one screen.
        for (id, node) in flows where node.isEmbedded {
            let host = flows[node.container]!
            let indices = host.screens.indices.filter { screens[host.screens[$0]]!.flow == id }
            guard let first = indices.first else { return fail("embedded flow \(id) owns no screen") }
            // Its own screens and those of flows it embedded form one contiguous run.
            let run = host.screens.indices.filter { owns(id, screen: host.screens[$0]) }
            guard run == Array(run.first!...run.last!) else { return fail("embedded flow \(id) is not contiguous") }
            guard run.first == first else { return fail("embedded flow \(id) does not start its run") }
            guard screens[host.screens[first]]!.via?.kind == .push else {
                return fail("embedded flow \(id) starts with a screen that was not pushed")
            }
        }

        // Exactly one top screen: the top container is a non-empty stack or single, and the
        // one the edits kept is the one a walk from the root finds.
        guard topContainer == topContainer(from: rootFlow) else {
            return fail("top container kept as \(topContainer), the visible path ends at \(topContainer(from: rootFlow))")
        }
        let top = flows[topContainer]!
        guard top.kind != .tabs, !top.screens.isEmpty else { return fail("no top screen") }
        return nil
    }
}
