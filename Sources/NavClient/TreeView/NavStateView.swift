internal import NavigationCore
public import NavJSON

/// The whole navigation state as `nav.state` and `nav.subscribe` return it
/// (`{revision, instance, session, root}`), typed for rendering: navctl's `state`, navview's screen.
public struct NavStateView: Sendable, Hashable {
    public var revision: Int
    /// The daemon's instance id (new after a restart).
    public var instance: String
    /// The session flags and the pending request (docs/guards.md).
    public var session: SessionView
    public var root: FlowView

    public init(revision: Int, instance: String, session: SessionView = SessionView(flags: [], pending: nil), root: FlowView) {
        self.revision = revision
        self.instance = instance
        self.session = session
        self.root = root
    }

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        self.init(
            revision: try fields.int("revision"), instance: try fields.string("instance"),
            session: try SessionView(json: try fields.value("session"), at: fields.path("session")),
            root: try FlowView(json: try fields.value("root"), at: fields.path("root")))
    }
}
