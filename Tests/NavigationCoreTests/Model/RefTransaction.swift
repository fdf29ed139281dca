import NavigationCore
import NavJSON

/// One operation of the reference model on a working copy of its tree. It logs every removal
/// and addition as it makes them, in the order semantics.md §22 describes, and derives the
/// net events of the revision from that log at the end.
struct RefTransaction {
    let app: AppDefinition
    let limits: RefLimits
    var root: RefFlow
    var nextFlow: Int
    var nextScreen: Int
    /// The committed revision the operation started from.
    let revision: Int
    /// Screens in the tree, counting those of a flow still being built.
    private var screenCount: Int

    /// An event with the screen or flow it is about, so that things added and removed within
    /// one revision can be left out.
    struct Logged {
        var event: JSONValue
        var screen: Int?
        var flow: Int?
    }

    /// `exit`s and `flowFinished`s in the order things went.
    private(set) var removals: [Logged] = []
    /// `flowStarted`s and `enter`s in the order things came.
    private(set) var additions: [Logged] = []
    /// `flow.finish` results.
    var results: [Int: JSONValue] = [:]
    /// The session flags the guards test (docs/guards.md), as the request found them.
    var flags: [String: Bool] = [:]
    var tags: [String] = []

    init(app: AppDefinition, limits: RefLimits, root: RefFlow, nextFlow: Int, nextScreen: Int, revision: Int) {
        self.app = app
        self.limits = limits
        self.root = root
        self.screenCount = root.allScreens.count
        self.nextFlow = nextFlow
        self.nextScreen = nextScreen
        self.revision = revision
    }

    mutating func tag(_ name: String) { tags.append(name) }

    // MARK: Queries

    var topPath: RefPath { root.visiblePath.last! }
    var topScreen: RefScreen { root.topScreen }

    /// The container holding a screen instance and its index there.
    func locate(screen id: Int) -> (path: RefPath, index: Int)? {
        for path in root.allPaths {
            if let index = root[path].screens.firstIndex(where: { $0.id == id }) { return (path, index) }
        }
        return nil
    }

    func path(ofFlow id: Int) -> RefPath? {
        root.allPaths.first { root[$0].id == id }
    }

    /// The container whose stack holds an embedded flow's screens.
    func host(ofEmbedded id: Int) -> RefPath? {
        func contains(_ list: [RefEmbedded]) -> Bool { list.contains { $0.id == id || contains($0.children) } }
        return root.allPaths.first { contains(root[$0].children) }
    }

    // MARK: Building

    mutating func newFlowID() -> Int {
        defer { nextFlow += 1 }
        return nextFlow
    }

    mutating func newScreenID() -> Int {
        defer { nextScreen += 1 }
        return nextScreen
    }

    mutating func logStarted(_ id: Int, _ name: String?) {
        additions.append(Logged(event: ["type": "flowStarted", "flow": .string("f\(id)"), "name": name.map(JSONValue.string) ?? .null], flow: id))
    }

    /// A new screen instance for a stack that holds `stackCount` screens, its `enter` logged
    /// with `enterVia`; refused whole beyond the limits (semantics.md §32).
    mutating func newScreen(
        _ name: String, params: JSONObject, owner: Int, via: RefVia?, enterVia: JSONValue, stackCount: Int = 0
    ) throws(RefError) -> RefScreen {
        guard stackCount < limits.screensPerStack, screenCount < limits.screensInTree else { throw .limitExceeded }
        screenCount += 1
        let screen = RefScreen(id: newScreenID(), name: name, params: params, owner: owner, via: via)
        var event = screen.refJSON(type: "enter")
        event["via"] = enterVia
        additions.append(Logged(event: .object(event), screen: screen.id))
        return screen
    }

    /// A flow instance of `definition` with its root screen (`rootParams`, else its
    /// defaults), or its tabs and their roots (tab roots are opened by no transition but enter
    /// with the tabs flow's).
    mutating func build(
        _ definition: FlowDefinition, rootParams: JSONObject? = nil, via: RefVia?, enterVia: JSONValue
    ) throws(RefError) -> RefFlow {
        let id = newFlowID()
        logStarted(id, definition.name)
        switch definition.kind {
        case .stack(let rootName):
            var params = JSONObject()
            if let rootParams { params = rootParams } else { params = try checkParams([:], of: rootName) }
            var flow = RefFlow(id: id, name: definition.name, kind: .stack, via: via)
            flow.screens = [try newScreen(rootName, params: params, owner: id, via: via, enterVia: enterVia)]
            return flow
        case .tabs(let tabNames, let initialTab):
            var flow = RefFlow(id: id, name: definition.name, kind: .tabs, via: via)
            for name in tabNames {
                guard case .stack(let rootName) = app.flow(named: name)!.kind else { preconditionFailure("tabs in tabs") }
                let tabID = newFlowID()
                logStarted(tabID, name)
                var tab = RefFlow(id: tabID, name: name, kind: .stack)
                tab.screens = [try newScreen(rootName, params: try checkParams([:], of: rootName), owner: tabID, via: nil, enterVia: enterVia)]
                flow.tabs.append(tab)
            }
            flow.selected = tabNames.firstIndex(of: initialTab)!
            return flow
        }
    }

    // MARK: Removing

    private mutating func logExit(_ screen: RefScreen, _ via: JSONValue) {
        var event = screen.refJSON(type: "exit")
        event["via"] = via
        removals.append(Logged(event: .object(event), screen: screen.id))
        screenCount -= 1
    }

    private mutating func logFinished(_ id: Int, _ name: String?, _ what: String) {
        let result = results[id] ?? .null
        removals.append(Logged(
            event: ["type": "flowFinished", "flow": .string("f\(id)"), "name": name.map(JSONValue.string) ?? .null, "result": result],
            flow: id))
        tag("finished " + what + (result == .null ? "" : " with result"))
    }

    /// Embedded flows that own no screen any more have ended: children before parents.
    private mutating func prune(_ list: [RefEmbedded], owners: Set<Int>) -> [RefEmbedded] {
        var kept: [RefEmbedded] = []
        for var flow in list {
            flow.children = prune(flow.children, owners: owners)
            if owners.contains(flow.id) || !flow.children.isEmpty {
                kept.append(flow)
            } else {
                logFinished(flow.id, flow.name, "embedded")
            }
        }
        return kept
    }

    /// Pops a container down to `keep` screens: what it presents is dismissed first, then
    /// each screen from the top goes by its own transition.
    mutating func pop(_ path: RefPath, keep: Int) {
        if root[path].presented != nil { dismiss(path + [.presented]) }
        var container = root[path]
        while container.screens.count > keep {
            let screen = container.screens.removeLast()
            logExit(screen, screen.via?.json("pop") ?? .null)
            container.children = prune(container.children, owners: Set(container.screens.map(\.owner)))
        }
        root[path] = container
    }

    /// Dismisses the presented flow at `path` and everything in and above it.
    mutating func dismiss(_ path: RefPath) {
        let flow = root[path]
        removeAll(path, via: flow.via?.json("dismiss") ?? .null)
        root[Array(path.dropLast())].presented = nil
        if flow.kind == .tabs { tag("dismissed tabs flow") }
    }

    /// Everything of the flow at `path` goes: what it presents, its tabs from the last, its
    /// stack from the top (embedded flows ending on the way), then the flow itself.
    private mutating func removeAll(_ path: RefPath, via: JSONValue) {
        if root[path].presented != nil { dismiss(path + [.presented]) }
        var flow = root[path]
        for index in flow.tabs.indices.reversed() { removeAll(path + [.tab(index)], via: via) }
        while let screen = flow.screens.popLast() {
            logExit(screen, via)
            flow.children = prune(flow.children, owners: Set(flow.screens.map(\.owner)))
        }
        logFinished(flow.id, flow.name, flow.kind == .tabs ? "tabs" : flow.name == nil ? "anonymous" : "flow")
    }

    // MARK: Events

    /// The revision's events (docs/operations.md, semantics.md §21–23), from the tree it started
    /// with to this one.
    func events(from old: RefFlow) -> [JSONValue] {
        let oldTop = old.topScreen
        let newTop = root.topScreen
        let oldScreens = Set(old.allScreens.map(\.id))
        let newScreens = Set(root.allScreens.map(\.id))
        let oldFlows = Set(old.allFlowIDs)
        let newFlows = Set(root.allFlowIDs)
        var events: [JSONValue] = []
        if oldTop.id != newTop.id { events.append(.object(oldTop.refJSON(type: "willHide"))) }
        for logged in removals {
            if let screen = logged.screen, !oldScreens.contains(screen) { continue }
            if let flow = logged.flow, !oldFlows.contains(flow) { continue }
            events.append(logged.event)
        }
        let oldTabsFlows = old.allFlows.filter { $0.kind == .tabs }
        for flow in root.allFlows where flow.kind == .tabs {
            guard let before = oldTabsFlows.first(where: { $0.id == flow.id }), before.selected != flow.selected else { continue }
            events.append(["type": "tabSelected", "flow": .string("f\(flow.id)"), "tab": .int(flow.selected),
                           "name": flow.tabs[flow.selected].name.map(JSONValue.string) ?? .null])
        }
        for logged in additions {
            if let screen = logged.screen, !newScreens.contains(screen) { continue }
            if let flow = logged.flow, !newFlows.contains(flow) { continue }
            events.append(logged.event)
        }
        if oldTop.id != newTop.id { events.append(.object(newTop.refJSON(type: "willShow"))) }
        return events
    }
}
