import NavigationCore
import NavJSON

// The reference model's tree: one nested value, where a flow holds its screens, its tabs,
// its embedded children and what it presents (docs/tree.md), written in that JSON shape.

/// How a screen or container was opened.
struct RefVia: Equatable {
    var kind: String
    var name: String? = nil
    var animator: String? = nil
    var fallback = false

    var json: JSONValue {
        var object: JSONObject = ["kind": .string(kind)]
        if let name { object["name"] = .string(name) }
        if let animator { object["animator"] = .string(animator) }
        if fallback { object["fallback"] = true }
        return .object(object)
    }

    /// As an `enter`/`exit` event carries it.
    func json(_ direction: String) -> JSONValue {
        var object = json.objectValue!
        object["direction"] = .string(direction)
        return .object(object)
    }
}

struct RefScreen: Equatable {
    var id: Int
    var name: String
    var params: JSONObject
    /// The flow instance that owns it.
    var owner: Int
    var via: RefVia?

    var json: JSONValue {
        ["id": .string("s\(id)"), "screen": .string(name), "params": .object(params), "flow": .string("f\(owner)"),
         "via": via?.json ?? .null]
    }

    /// `{type, screen, name, params, flow}`: the screen part of an event.
    func refJSON(type: String) -> JSONObject {
        ["type": .string(type), "screen": .string("s\(id)"), "name": .string(name), "params": .object(params),
         "flow": .string("f\(owner)")]
    }
}

/// A flow embedded in a host stack: its screens are in the host's `screens`, owned by `id`.
struct RefEmbedded: Equatable {
    var id: Int
    var name: String
    var children: [RefEmbedded] = []

    var json: JSONValue {
        ["id": .string("f\(id)"), "flow": .string(name), "children": .array(children.map(\.json))]
    }
}

/// A flow instance that is a container (stack or single) or a tabs flow.
struct RefFlow: Equatable {
    enum Kind: String { case stack, tabs, single }

    var id: Int
    var name: String?
    var kind: Kind
    var via: RefVia?
    var screens: [RefScreen] = []
    var tabs: [RefFlow] = []
    var selected = 0
    var children: [RefEmbedded] = []
    /// What this flow presents: none or one.
    var presentedSlot: [RefFlow] = []

    var presented: RefFlow? {
        get { presentedSlot.first }
        set { presentedSlot = newValue.map { [$0] } ?? [] }
    }

    var json: JSONValue {
        var object: JSONObject = ["id": .string("f\(id)"), "flow": name.map(JSONValue.string) ?? .null, "kind": .string(kind.rawValue)]
        if kind == .tabs {
            object["selected"] = .int(selected)
            object["tabs"] = .array(tabs.map(\.json))
        } else {
            object["screens"] = .array(screens.map(\.json))
        }
        object["children"] = .array(children.map(\.json))
        object["presented"] = presented?.json ?? .null
        object["via"] = via?.json ?? .null
        return .object(object)
    }

    /// The flow at a path of selected-or-not tabs and presentations below this one.
    subscript(path: ArraySlice<RefStep>) -> RefFlow {
        get {
            guard let step = path.first else { return self }
            switch step {
            case .tab(let i): return tabs[i][path.dropFirst()]
            case .presented: return presentedSlot[0][path.dropFirst()]
            }
        }
        set {
            guard let step = path.first else {
                self = newValue
                return
            }
            switch step {
            case .tab(let i): tabs[i][path.dropFirst()] = newValue
            case .presented: presentedSlot[0][path.dropFirst()] = newValue
            }
        }
    }

    subscript(path: RefPath) -> RefFlow {
        get { self[path[...]] }
        set { self[path[...]] = newValue }
    }

    /// Paths of every flow below and including this one: depth first, tabs in order, then
    /// what each presents.
    var allPaths: [RefPath] {
        var result: [RefPath] = [[]]
        for (i, tab) in tabs.enumerated() { result += tab.allPaths.map { [.tab(i)] + $0 } }
        if let presented { result += presented.allPaths.map { [.presented] + $0 } }
        return result
    }

    /// From here through selected tabs and presentations to the deepest flow.
    var visiblePath: [RefPath] {
        var path: RefPath = []
        var result: [RefPath] = [path]
        while true {
            let flow = self[path]
            if flow.kind == .tabs {
                path.append(.tab(flow.selected))
            } else if flow.presented != nil {
                path.append(.presented)
            } else {
                return result
            }
            result.append(path)
        }
    }

    var topScreen: RefScreen { self[visiblePath.last!].screens.last! }

    /// This flow and every one below it, in the order of `allPaths`.
    var allFlows: [RefFlow] {
        [self] + tabs.flatMap(\.allFlows) + (presented?.allFlows ?? [])
    }

    var allScreens: [RefScreen] { allFlows.flatMap(\.screens) }

    /// Every flow id, containers, tabs flows and embedded flows alike.
    var allFlowIDs: [Int] {
        func embedded(_ list: [RefEmbedded]) -> [Int] { list.flatMap { [$0.id] + embedded($0.children) } }
        return allFlows.flatMap { [$0.id] + embedded($0.children) }
    }
}

enum RefStep: Equatable { case tab(Int), presented }
typealias RefPath = [RefStep]
