import NavJSON
extension Navigator {
    /// Closes a screen by the inverse of the transition that opened it (docs/operations.md close):
    /// a pushed screen is popped with everything above it; the root of a presented container
    /// dismisses that container; a root of the root flow or of a tab is an error.
    mutating func close(_ id: ScreenID) throws(NavError) {
        guard let container = tree.container(of: id) else { throw .unknownInstance(id.description) }
        let index = tree.index(of: id, in: container)!!
        if index > 0 {
            pop(container, keep: index)
            return
        }
        guard let presented = presentedAncestor(of: container) else {
            throw .nothingToClose("screen \(id) is a root: it was not opened by a transition", screen: id)
        }
        dismiss(presented)
    }

    /// The presented container that `flow`'s root belongs to: the container itself if it was
    /// presented, or the presented tabs flow whose tab it is. `nil` for the root flow and its
    /// tabs.
    func presentedAncestor(of flow: FlowID) -> FlowID? {
        guard let node = tree.flows[flow] else { return nil }
        switch node.parent {
        case .presented: return flow
        case .tab(let of):
            if case .presented? = tree.flows[of]?.parent { return of }
            return nil
        case .root, .embedded: return nil
        }
    }

    /// Finishes a flow instance as close does, carrying `result` in its `flowFinished` event.
    mutating func finish(_ id: FlowID, result: JSONValue) throws(NavError) {
        guard let node = tree.flows[id] else { throw .unknownInstance(id.description) }
        switch node.parent {
        case .root:
            throw .nothingToClose("flow \(id) is the root flow: it cannot finish")
        case .tab(let of):
            if case .root? = tree.flows[of]?.parent {
                throw .nothingToClose("flow \(id) is a tab of the root flow \(of): tabs and the root flow cannot finish")
            }
            throw .nothingToClose("flow \(id) is a tab of \(of): finish \(of) instead")
        case .presented:
            records.finishResults[id] = result
            dismiss(id)
        case .embedded(_, let host):
            records.finishResults[id] = result
            let first = tree.flows[host]!.screens.firstIndex { tree.screens[$0]?.flow == id }!
            pop(host, keep: first)
        }
    }

    /// Dismisses every presented container of the tree: the visible path's from the top
    /// first, then those left in other tabs. Returns the dismissed containers.
    mutating func dismissAll() -> [FlowID] {
        let visible = tree.visiblePath.reversed().compactMap { tree.flows[$0]?.presented }
        var dismissed: [FlowID] = []
        for container in visible {
            dismiss(container)
            dismissed.append(container)
        }
        let hidden = tree.allFlowsInOrder.reversed().compactMap { tree.flows[$0]?.presented }
        for container in hidden where tree.flows[container] != nil {
            dismiss(container)
            dismissed.append(container)
        }
        return dismissed
    }
}
