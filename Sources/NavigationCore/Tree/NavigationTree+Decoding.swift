import NavJSON
/// Why a tree's JSON could not be read back: not the shape `writeJSON` writes, or a shape whose
/// links break an invariant of docs/tree.md.
public struct TreeDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var description: String { message }

    public init(message: String) {
        self.message = message
    }
}

extension NavigationTree {
    /// The tree `writeJSON` wrote, read back: `NavigationTree(json: tree.jsonValue) == tree`.
    /// What the JSON leaves out is derived as the engine made it: a screen's container is the
    /// stack that lists it; an embedded flow is a stack hosted where its first screen is, opened
    /// by that screen's transition. The result passes `invariantViolation()`, or this throws.
    /// Walks with a list of work instead of recursion (a chain of N presentations).
    public init(json: JSONValue) throws(TreeDecodingError) {
        var reader = TreeReader()
        try reader.read(json)
        self = try reader.finish()
    }
}

/// Reads a tree's JSON, one flow object at a time.
private struct TreeReader {
    var flows = IDMap<FlowID, FlowNode>()
    var screens = IDMap<ScreenID, ScreenNode>()
    var rootFlow: FlowID?
    /// Embedded flows, whose host and transition are known once every screen is read.
    var embedded: [FlowID] = []

    enum Work {
        case flow(JSONValue, FlowNode.Parent, path: String)
        case embedded(JSONValue, parent: FlowID, path: String)
    }

    mutating func read(_ json: JSONValue) throws(TreeDecodingError) {
        var pending: [Work] = [.flow(json, .root, path: "root")]
        while let work = pending.popLast() {
            switch work {
            case .flow(let json, let parent, let path):
                let id = try readFlow(json, parent: parent, path: path, pending: &pending)
                if parent == .root { rootFlow = id }
            case .embedded(let json, let parent, let path):
                try readEmbedded(json, parent: parent, path: path, pending: &pending)
            }
        }
    }

    private mutating func readFlow(_ json: JSONValue, parent: FlowNode.Parent, path: String, pending: inout [Work]) throws(TreeDecodingError) -> FlowID {
        let object = try Self.object(json, path)
        let id = try Self.flowID(object["id"], "\(path).id")
        let name = try Self.optionalString(object["flow"], "\(path).flow")
        guard let kindText = object["kind"]?.stringValue, let kind = FlowNode.Kind(rawValue: kindText) else {
            throw Self.error("\(path).kind", "must be \"stack\", \"tabs\" or \"single\"")
        }
        let via = try Self.transition(object["via"], "\(path).via")
        var node = FlowNode(id: id, name: name, kind: kind, parent: parent, via: via)
        switch kind {
        case .stack, .single:
            for (index, screenJSON) in try Self.array(object["screens"], "\(path).screens").enumerated() {
                let screen = try readScreen(screenJSON, container: id, path: "\(path).screens[\(index)]")
                node.screens.append(screen)
            }
        case .tabs:
            guard let selected = object["selected"]?.intValue else { throw Self.error("\(path).selected", "must be an integer") }
            let tabs = try Self.array(object["tabs"], "\(path).tabs")
            guard tabs.indices.contains(selected) else {
                throw Self.error("\(path).selected", "must be the index of one of its \(tabs.count) tabs")
            }
            node.selected = selected
            for (index, tab) in tabs.enumerated() {
                let tabPath = "\(path).tabs[\(index)]"
                node.tabs.append(try Self.flowID(try Self.object(tab, tabPath)["id"], "\(tabPath).id"))
                pending.append(.flow(tab, .tab(of: id), path: tabPath))
            }
        }
        for (index, child) in try Self.array(object["children"], "\(path).children").enumerated() {
            let childPath = "\(path).children[\(index)]"
            node.children.append(try Self.flowID(try Self.object(child, childPath)["id"], "\(childPath).id"))
            pending.append(.embedded(child, parent: id, path: childPath))
        }
        switch object["presented"] {
        case nil, .null?: break
        case let presented?:
            node.presented = try Self.flowID(try Self.object(presented, "\(path).presented")["id"], "\(path).presented.id")
            pending.append(.flow(presented, .presented(by: id), path: "\(path).presented"))
        }
        try insert(node, path: path)
        return id
    }

    private mutating func readEmbedded(_ json: JSONValue, parent: FlowID, path: String, pending: inout [Work]) throws(TreeDecodingError) {
        let object = try Self.object(json, path)
        let id = try Self.flowID(object["id"], "\(path).id")
        let name = try Self.optionalString(object["flow"], "\(path).flow")
        // The host and transition are set in `finish`, from the flow's first screen.
        var node = FlowNode(id: id, name: name, kind: .stack, parent: .embedded(parent: parent, host: parent), via: nil)
        for (index, child) in try Self.array(object["children"], "\(path).children").enumerated() {
            let childPath = "\(path).children[\(index)]"
            node.children.append(try Self.flowID(try Self.object(child, childPath)["id"], "\(childPath).id"))
            pending.append(.embedded(child, parent: id, path: childPath))
        }
        try insert(node, path: path)
        embedded.append(id)
    }

    private mutating func readScreen(_ json: JSONValue, container: FlowID, path: String) throws(TreeDecodingError) -> ScreenID {
        let object = try Self.object(json, path)
        guard let text = object["id"]?.stringValue, let id = ScreenID(text) else {
            throw Self.error("\(path).id", "must be a screen instance id such as s3")
        }
        guard let name = object["screen"]?.stringValue else { throw Self.error("\(path).screen", "must be a string") }
        guard case .object(let params)? = object["params"] else { throw Self.error("\(path).params", "must be an object") }
        let owner = try Self.flowID(object["flow"], "\(path).flow")
        let via = try Self.transition(object["via"], "\(path).via")
        guard !screens.contains(id) else { throw Self.error("\(path).id", "\(id) appears twice") }
        screens[id] = ScreenNode(id: id, name: name, params: JSONObjectText(params), flow: owner, container: container, via: via)
        return id
    }

    private mutating func insert(_ node: FlowNode, path: String) throws(TreeDecodingError) {
        guard !flows.contains(node.id) else { throw Self.error("\(path).id", "\(node.id) appears twice") }
        flows[node.id] = node
    }

    /// Gives each embedded flow its host and transition, and checks the invariants.
    mutating func finish() throws(TreeDecodingError) -> NavigationTree {
        guard let rootFlow else { throw Self.error("root", "no root flow") }
        if !embedded.isEmpty {
            // The first screen of each embedded flow, in stack order.
            var first: [FlowID: ScreenID] = [:]
            for (_, node) in flows where !node.isEmbedded && node.kind != .tabs {
                for screen in node.screens {
                    let owner = screens[screen]!.flow
                    if first[owner] == nil { first[owner] = screen }
                }
            }
            for id in embedded {
                guard let screen = first[id].flatMap({ screens[$0] }) else {
                    throw TreeDecodingError(message: "invalid tree: embedded flow \(id) owns no screen")
                }
                guard case .embedded(let parent, _) = flows[id]!.parent else { continue }
                flows[id]!.parent = .embedded(parent: parent, host: screen.container)
                flows[id]!.via = screen.via
            }
        }
        var tree = NavigationTree(rootFlow: rootFlow)
        tree.flows = flows
        tree.screens = screens
        tree.findTop()
        // The walk above cannot check what the invariants do (owners, contiguity, the top).
        if let violation = Self.violation(of: tree) {
            throw TreeDecodingError(message: "invalid tree: \(violation.message)")
        }
        return tree
    }

    /// `invariantViolation()`, which needs a top container to exist before it can say there is
    /// none: a tree without one is refused here first.
    private static func violation(of tree: NavigationTree) -> TreeInvariantViolation? {
        for (_, screen) in tree.screens where tree.flows[screen.flow] == nil {
            return TreeInvariantViolation(message: "owner \(screen.flow) of \(screen.id) missing")
        }
        guard let top = tree.flows[tree.topContainer(from: tree.rootFlow)], top.kind != .tabs, !top.screens.isEmpty else {
            return TreeInvariantViolation(message: "no top screen")
        }
        return tree.invariantViolation()
    }

    // MARK: Fields

    static func error(_ path: String, _ problem: String) -> TreeDecodingError {
        TreeDecodingError(message: "invalid tree: '\(path)' \(problem)")
    }

    static func object(_ value: JSONValue?, _ path: String) throws(TreeDecodingError) -> JSONObject {
        guard case .object(let object)? = value else { throw error(path, "must be an object") }
        return object
    }

    static func array(_ value: JSONValue?, _ path: String) throws(TreeDecodingError) -> [JSONValue] {
        guard case .array(let array)? = value else { throw error(path, "must be an array") }
        return array
    }

    static func optionalString(_ value: JSONValue?, _ path: String) throws(TreeDecodingError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: throw error(path, "must be a string or null")
        }
    }

    static func flowID(_ value: JSONValue?, _ path: String) throws(TreeDecodingError) -> FlowID {
        guard let text = value?.stringValue, let id = FlowID(text) else { throw error(path, "must be a flow instance id such as f3") }
        return id
    }

    static func transition(_ value: JSONValue?, _ path: String) throws(TreeDecodingError) -> AppliedTransition? {
        switch value {
        case nil, .null?: return nil
        case let value?: return try AppliedTransition(json: value, path: path)
        }
    }
}

extension AppliedTransition {
    /// `jsonValue` read back (`{kind, name?, animator?, fallback?}`; a `direction`, as events
    /// carry it, is read by `EventVia`).
    init(json: JSONValue, path: String) throws(TreeDecodingError) {
        guard case .object(let object) = json else { throw TreeDecodingError(message: "invalid tree: '\(path)' must be an object") }
        guard let kindText = object["kind"]?.stringValue, let kind = TransitionKind(rawValue: kindText) else {
            throw TreeDecodingError(message: "invalid tree: '\(path).kind' must be push, modal or modalWithNavigation")
        }
        func string(_ key: String) throws(TreeDecodingError) -> String? {
            switch object[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw TreeDecodingError(message: "invalid tree: '\(path).\(key)' must be a string")
            }
        }
        let fallback: Bool
        switch object["fallback"] {
        case nil, .null?: fallback = false
        case .bool(let value)?: fallback = value
        default: throw TreeDecodingError(message: "invalid tree: '\(path).fallback' must be a boolean")
        }
        self.init(kind: kind, name: try string("name"), animator: try string("animator"), fallback: fallback)
    }
}
