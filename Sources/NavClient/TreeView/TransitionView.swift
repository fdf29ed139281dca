internal import NavigationCore
public import NavJSON

/// How a screen or container was opened (`via`, docs/tree.md), or, in `enter`/`exit`
/// events, the transition applied or reversed with its `direction`.
public struct TransitionView: Sendable, Hashable {
    /// `push`, `modal` or `modalWithNavigation`.
    public var kind: String
    /// A custom transition's name (`zoom`), with its animator.
    public var name: String?
    public var animator: String?
    /// A push that fell back to modal because the top container was not a stack.
    public var fallback: Bool
    /// Events only: `push`, `pop`, `present` or `dismiss`.
    public var direction: String?

    public init(kind: String, name: String? = nil, animator: String? = nil, fallback: Bool = false, direction: String? = nil) {
        self.kind = kind
        self.name = name
        self.animator = animator
        self.fallback = fallback
        self.direction = direction
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        self.init(
            kind: try fields.string("kind"), name: try fields.optionalString("name"),
            animator: try fields.optionalString("animator"), fallback: try fields.flag("fallback"),
            direction: try fields.optionalString("direction"))
    }

    /// What a person asks for with `--transition`: the custom name, else the kind.
    public var label: String { name ?? kind }
}
