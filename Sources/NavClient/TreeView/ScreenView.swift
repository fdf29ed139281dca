internal import NavigationCore
public import NavJSON

/// A screen instance of the tree (docs/tree.md).
public struct ScreenView: Sendable, Hashable {
    /// `s5`.
    public var id: String
    /// The screen's name in the app definition.
    public var screen: String
    /// Params with defaults filled, in declaration order.
    public var params: JSONObject
    /// The flow instance that owns it (an embedded child flow owns its run of a host stack).
    public var flow: String
    /// How it was opened; nil for roots.
    public var via: TransitionView?

    public init(id: String, screen: String, params: JSONObject = [:], flow: String, via: TransitionView? = nil) {
        self.id = id
        self.screen = screen
        self.params = params
        self.flow = flow
        self.via = via
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        self.init(
            id: try fields.string("id"), screen: try fields.string("screen"), params: try fields.objectValue("params"),
            flow: try fields.string("flow"),
            via: try fields.optional("via").map { v throws(ViewDecodingError) in try TransitionView(json: v, at: fields.path("via")) })
    }
}
