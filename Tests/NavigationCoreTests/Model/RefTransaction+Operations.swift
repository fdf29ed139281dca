import NavigationCore
import NavJSON

/// The operations of docs/operations.md on the reference model, each straight from the documents.
extension RefTransaction {
    /// Runs one request; returns the result fields of `nav.route` (empty for the rest).
    mutating func run(_ request: RefRequest) throws(RefError) -> JSONObject {
        if let expected = request.expectRevision, expected != revision {
            throw .conflict(expected: .int(expected), actual: .int(revision))
        }
        switch request.op {
        case .route(let route):
            return try self.route(route)
        case .close(let screen):
            try close(screen ?? topScreen.id)
        case .popTo(let selector, let inclusive):
            try popTo(selector, inclusive: inclusive)
        case .popToRoot(let flow):
            try popToRoot(flow)
        case .dismissAll:
            try dismissAll()
        case .selectTab(let tab, let flow):
            try selectTab(tab, flow: flow)
        case .finish(let flow, let result):
            try finish(flow, result: result)
        case .deeplink(let url):
            try deeplink(url)
        case .apply(let steps):
            for (index, step) in steps.enumerated() {
                do {
                    _ = try run(step)
                } catch {
                    throw error.at(step: index, step.method)
                }
            }
        }
        return [:]
    }

    // MARK: close, popTo, popToRoot, dismissAll, selectTab, flow.finish

    /// Reverses the transition that opened the screen (semantics.md §8).
    mutating func close(_ id: Int) throws(RefError) {
        guard let (path, index) = locate(screen: id) else { throw .unknownInstance }
        if index > 0 {
            pop(path, keep: index)
            return
        }
        switch path.last {
        case .presented?:
            dismiss(path)
        case .tab?:
            let tabsFlow = Array(path.dropLast())
            guard tabsFlow.last == .presented else { throw .nothingToClose }
            dismiss(tabsFlow)
        case nil:
            throw .nothingToClose
        }
    }

    /// semantics.md §11: an id anywhere, a name on the visible path from the top.
    mutating func popTo(_ selector: RefSelector, inclusive: Bool) throws(RefError) {
        let target: Int
        switch selector {
        case .id(let id):
            guard locate(screen: id) != nil else { throw .unknownInstance }
            target = id
        case .name(let name):
            let visible = root.visiblePath.flatMap { root[$0].screens }
            guard let screen = visible.last(where: { $0.name == name }) else { throw .unknownInstance }
            target = screen.id
        }
        if inclusive {
            try close(target)
        } else {
            let (path, index) = locate(screen: target)!
            pop(path, keep: index + 1)
        }
    }

    /// semantics.md §12.
    mutating func popToRoot(_ flow: Int?) throws(RefError) {
        guard let flow else {
            pop(topPath, keep: 1)
            return
        }
        if let path = path(ofFlow: flow) {
            let node = root[path]
            pop(node.kind == .tabs ? path + [.tab(node.selected)] : path, keep: 1)
        } else if let host = host(ofEmbedded: flow) {
            let first = root[host].screens.firstIndex { $0.owner == flow }!
            pop(host, keep: first + 1)
            tag("popToRoot of an embedded flow")
        } else {
            throw .unknownInstance
        }
    }

    /// semantics.md §13: the visible path's presentations from the top, then the rest.
    mutating func dismissAll() throws(RefError) {
        var dismissed = false
        for path in root.visiblePath.reversed() where root[path].presented != nil {
            dismiss(path + [.presented])
            dismissed = true
        }
        while let path = root.allPaths.last(where: { root[$0].presented != nil }) {
            dismiss(path + [.presented])
            dismissed = true
            tag("dismissAll in a hidden tab")
        }
        guard dismissed else { throw .nothingToClose }
    }

    /// semantics.md §14.
    mutating func selectTab(_ tab: RefTab, flow: Int?) throws(RefError) {
        let path: RefPath
        if let flow {
            if let found = self.path(ofFlow: flow) {
                guard root[found].kind == .tabs else { throw .invalid }
                path = found
            } else if host(ofEmbedded: flow) != nil {
                throw .invalid
            } else {
                throw .unknownInstance
            }
        } else {
            guard let nearest = root.visiblePath.last(where: { root[$0].kind == .tabs }) else { throw .invalid }
            path = nearest
        }
        let tabs = root[path].tabs
        switch tab {
        case .index(let index):
            guard tabs.indices.contains(index) else { throw .invalid }
            root[path].selected = index
        case .name(let name):
            guard let index = tabs.firstIndex(where: { $0.name == name }) else { throw .invalid }
            root[path].selected = index
        }
        if path != [] { tag("selectTab of a presented tabs flow") }
    }

    /// semantics.md §10.
    mutating func finish(_ flow: Int, result: JSONValue) throws(RefError) {
        if let path = path(ofFlow: flow) {
            guard path.last == .presented else { throw .nothingToClose }
            results[flow] = result
            dismiss(path)
        } else if let host = host(ofEmbedded: flow) {
            results[flow] = result
            let first = root[host].screens.firstIndex { $0.owner == flow }!
            pop(host, keep: first)
        } else {
            throw .unknownInstance
        }
    }
}
