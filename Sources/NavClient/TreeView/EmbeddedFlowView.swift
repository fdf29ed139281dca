internal import NavigationCore
public import NavJSON

/// An embedded child flow instance: its screens are a contiguous run of its host's stack
/// (they name it as their `flow`), so the tree writes only `{id, flow, children}`.
public struct EmbeddedFlowView: Sendable, Hashable {
    public var id: String
    public var flow: String
    public var children: [EmbeddedFlowView]

    public init(id: String, flow: String, children: [EmbeddedFlowView] = []) {
        self.id = id
        self.flow = flow
        self.children = children
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        var children: [EmbeddedFlowView] = []
        for (i, child) in try fields.array("children").enumerated() {
            children.append(try EmbeddedFlowView(json: child, at: "\(fields.path("children"))[\(i)]"))
        }
        self.init(id: try fields.string("id"), flow: try fields.string("flow"), children: children)
    }

    /// This flow and every flow nested in it, outermost first.
    public var allIDs: [String] { [id] + children.flatMap(\.allIDs) }

    /// The chain of embedded flows from this one down to `id`, or nil when `id` is not in it.
    public func chain(to id: String) -> [EmbeddedFlowView]? {
        if self.id == id { return [self] }
        for child in children {
            if let rest = child.chain(to: id) { return [self] + rest }
        }
        return nil
    }
}
