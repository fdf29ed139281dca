public import NavJSON

extension NavGraph {
    /// The graph as JSON (Protocol/graph.schema.json): `{app, root, nodes, edges}`, with
    /// `marks: {nodes: {ID: [MARK…]}, edges: {ID: [MARK…]}}` when there are any.
    public func jsonValue(marks: GraphMarks = .none) -> JSONValue {
        var object: JSONObject = [
            "app": .string(app), "root": .string(root),
            "nodes": .array(nodes.map(\.jsonValue)), "edges": .array(edges.map(\.jsonValue)),
        ]
        if !marks.isEmpty {
            var nodeMarks = JSONObject()
            for node in nodes {
                let list = marks.marks(ofNode: node.id)
                if !list.isEmpty { nodeMarks[node.id] = .array(list.map { .string($0.rawValue) }) }
            }
            var edgeMarks = JSONObject()
            for edge in edges {
                let list = marks.marks(ofEdge: edge.id)
                if !list.isEmpty { edgeMarks[edge.id] = .array(list.map { .string($0.rawValue) }) }
            }
            object["marks"] = ["nodes": .object(nodeMarks), "edges": .object(edgeMarks)]
        }
        return .object(object)
    }
}

extension GraphNode {
    /// `{id, kind, flow?, path?, requires?, root?, tabs?, initialTab?}`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["id": .string(id), "kind": .string(kind.rawValue)]
        if let flow { object["flow"] = .string(flow) }
        if let path { object["path"] = .string(path) }
        if !requires.isEmpty { object["requires"] = .array(requires.map(JSONValue.string)) }
        if let rootScreen { object["root"] = .string(rootScreen) }
        if !tabs.isEmpty { object["tabs"] = .array(tabs.map(JSONValue.string)) }
        if let initialTab { object["initialTab"] = .string(initialTab) }
        return .object(object)
    }
}

extension GraphEdge {
    /// `{id, from, to, kind, transition?, label?}`.
    public var jsonValue: JSONValue {
        var object: JSONObject = ["id": .string(id), "from": .string(from), "to": .string(to), "kind": .string(kind.rawValue)]
        if let transition { object["transition"] = .string(transition) }
        if let label { object["label"] = .string(label) }
        return .object(object)
    }
}
