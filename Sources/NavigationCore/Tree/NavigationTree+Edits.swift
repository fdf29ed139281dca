/// One edit of the tree, holding what undoing it needs.
enum TreeEdit: Sendable {
    case addedFlow(FlowID)
    case removedFlow(FlowNode)
    /// Added to `screens` and appended to its container's stack.
    case addedScreen(ScreenID)
    /// Removed from `screens` and from `index` of its container's stack.
    case removedScreen(ScreenNode, index: Int?)
    case appendedTab(to: FlowID)
    case removedTab(FlowID, of: FlowID, index: Int)
    case appendedChild(to: FlowID)
    case removedChild(FlowID, of: FlowID, index: Int)
    case selected(FlowID, previous: Int)
    case presented(by: FlowID, previous: FlowID?)
}

/// Every change an operation makes to the tree goes through these edits, which change it in
/// place and log their inverse. Copying the tree per operation instead (copy-on-write) cost
/// more than the operation itself; `undo` puts back exactly what was there.
extension NavigationTree {
    mutating func addFlow(_ node: consuming FlowNode, log: inout [TreeEdit]) {
        let id = node.id
        flows.insert(node, for: id)
        log.append(.addedFlow(id))
    }

    /// Removes a flow record and unlinks it from its parent (the parent's `tabs`,
    /// `presented` or `children`).
    @discardableResult
    mutating func removeFlow(_ id: FlowID, log: inout [TreeEdit]) -> FlowNode? {
        guard let node = flows.removeValue(forKey: id) else { return nil }
        log.append(.removedFlow(node))
        // A subtree is removed top-most first, so a container on the visible path is removed
        // when it has become the top: the top moves to what held it (for a tab, its tabs flow
        // for the moment, until that goes too or the removal ends elsewhere).
        if top == id {
            switch node.parent {
            case .presented(let by): top = by
            case .tab(let of): top = of
            case .root, .embedded: break
            }
        }
        switch node.parent {
        case .root:
            break
        case .tab(let of):
            if let index = flows[of]?.tabs.firstIndex(of: id) {
                flows.update(of) { $0.tabs.remove(at: index) }
                log.append(.removedTab(id, of: of, index: index))
            }
        case .presented(let by):
            if flows[by]?.presented == id { setPresented(nil, by: by, log: &log) }
        case .embedded(let parent, _):
            // Children end newest first: found from the end.
            if let index = children(of: parent)?.lastIndex(of: id) {
                flows.update(parent) { $0.children.remove(at: index) }
                log.append(.removedChild(id, of: parent, index: index))
            }
        }
        return node
    }

    /// Adds a screen and appends it to its container's stack.
    mutating func addScreen(_ node: consuming ScreenNode, log: inout [TreeEdit]) {
        let id = node.id
        let container = node.container
        screens.insert(node, for: id)
        flows.update(container) { $0.screens.append(id) }
        log.append(.addedScreen(id))
    }

    /// Removes a screen from the tree and from its container's stack.
    @discardableResult
    mutating func removeScreen(_ id: ScreenID, log: inout [TreeEdit]) -> ScreenNode? {
        guard let node = screens.removeValue(forKey: id) else { return nil }
        let index = flows.update(node.container) { container -> Int? in
            // Ids are unique; screens are mostly removed from the top, found first from the end.
            guard let index = container.screens.lastIndex(of: id) else { return nil }
            if index == container.screens.count - 1 {
                container.screens.removeLast()
            } else {
                container.screens.remove(at: index)
            }
            return index
        }
        log.append(.removedScreen(node, index: index ?? nil))
        return node
    }

    mutating func appendTab(_ tab: FlowID, to tabs: FlowID, log: inout [TreeEdit]) {
        flows.update(tabs) { $0.tabs.append(tab) }
        log.append(.appendedTab(to: tabs))
    }

    mutating func appendChild(_ child: FlowID, to parent: FlowID, log: inout [TreeEdit]) {
        flows.update(parent) { $0.children.append(child) }
        log.append(.appendedChild(to: parent))
    }

    /// Returns the index selected before.
    @discardableResult
    mutating func select(_ index: Int, in tabs: FlowID, log: inout [TreeEdit]) -> Int {
        let previous = flows.update(tabs) { node -> Int in
            defer { node.selected = index }
            return node.selected
        }
        log.append(.selected(tabs, previous: previous!))
        // The top moves only if the tabs flow is on the visible path (a tabs flow being built
        // is not in the tree yet).
        if previous! != index, isVisible(tabs) { top = topContainer(from: tabs) }
        return previous!
    }

    mutating func setPresented(_ presented: FlowID?, by container: FlowID, log: inout [TreeEdit]) {
        let previous = flows.update(container) { node -> FlowID? in
            defer { node.presented = presented }
            return node.presented
        }
        log.append(.presented(by: container, previous: previous!))
        // Operations present on the top only; a dismissal moves the top in `removeFlow`.
        if let presented {
            top = container == top ? topContainer(from: presented) : topContainer(from: rootFlow)
        }
    }

    /// Undoes `log` from its end down to `start`, which leaves the tree as it was when the
    /// log had `start` entries.
    mutating func undo(_ log: [TreeEdit], downTo start: Int = 0) {
        for edit in log[start...].reversed() { undo(edit) }
        findTop()
    }

    /// Undoes one edit, the newest of those not undone yet, leaving the top to `findTop`.
    mutating func undo(_ edit: TreeEdit) {
        switch edit {
        case .addedFlow(let id):
            flows.removeValue(forKey: id)
        case .removedFlow(let node):
            flows.insert(node, for: node.id)
        case .addedScreen(let id):
            let node = screens.removeValue(forKey: id)!
            flows.update(node.container) { _ = $0.screens.removeLast() }
        case .removedScreen(let node, let index):
            screens.insert(node, for: node.id)
            if let index { flows.update(node.container) { $0.screens.insert(node.id, at: index) } }
        case .appendedTab(let tabs):
            flows.update(tabs) { _ = $0.tabs.removeLast() }
        case .removedTab(let tab, let tabs, let index):
            flows.update(tabs) { $0.tabs.insert(tab, at: index) }
        case .appendedChild(let parent):
            flows.update(parent) { _ = $0.children.removeLast() }
        case .removedChild(let child, let parent, let index):
            flows.update(parent) { $0.children.insert(child, at: index) }
        case .selected(let tabs, let previous):
            flows.update(tabs) { $0.selected = previous }
        case .presented(let container, let previous):
            flows.update(container) { $0.presented = previous }
        }
    }
}
