import NavJSON
extension NavigationTree {
    /// The root flow instance in the wire shape of docs/tree.md.
    public var jsonValue: JSONValue {
        flowJSON(rootFlow)
    }

    func flowJSON(_ id: FlowID) -> JSONValue {
        guard let node = flows[id] else { return .null }
        var object: JSONObject = [
            "id": .string(id.description),
            "flow": node.name.map(JSONValue.string) ?? .null,
            "kind": .string(node.kind.rawValue),
        ]
        switch node.kind {
        case .stack, .single:
            object["screens"] = .array(node.screens.map(screenJSON))
        case .tabs:
            object["selected"] = .int(node.selected)
            object["tabs"] = .array(node.tabs.map(flowJSON))
        }
        object["children"] = .array(node.children.map(embeddedJSON))
        object["presented"] = node.presented.map(flowJSON) ?? .null
        object["via"] = node.via?.jsonValue ?? .null
        return .object(object)
    }

    /// An embedded child flow: `{id, flow, children}` — its screens are in the host stack.
    func embeddedJSON(_ id: FlowID) -> JSONValue {
        guard let node = flows[id] else { return .null }
        return [
            "id": .string(id.description),
            "flow": node.name.map(JSONValue.string) ?? .null,
            "children": .array(node.children.map(embeddedJSON)),
        ]
    }

    func screenJSON(_ id: ScreenID) -> JSONValue {
        guard let node = screens[id] else { return .null }
        return [
            "id": .string(id.description),
            "screen": .string(node.name),
            "params": .object(node.params),
            "flow": .string(node.flow.description),
            "via": node.via?.jsonValue ?? .null,
        ]
    }
}
