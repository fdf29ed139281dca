import NavJSON
/// How a screen or container was opened: the base kind that was applied, the custom
/// transition's name and animator if one was used, and whether push fell back to modal.
public struct AppliedTransition: Sendable, Hashable {
    public var kind: TransitionKind
    public var name: String?
    public var animator: String?
    public var fallback: Bool

    public init(kind: TransitionKind, name: String? = nil, animator: String? = nil, fallback: Bool = false) {
        self.kind = kind
        self.name = name
        self.animator = animator
        self.fallback = fallback
    }

    /// The transition with its base replaced by `modal` because there was no stack to push on.
    func fellBack() -> AppliedTransition {
        AppliedTransition(kind: .modal, name: name, animator: animator, fallback: true)
    }

    /// `{kind, name?, animator?, fallback?}` (docs/tree.md).
    public var jsonValue: JSONValue {
        var object: JSONObject = ["kind": .string(kind.rawValue)]
        if let name { object["name"] = .string(name) }
        if let animator { object["animator"] = .string(animator) }
        if fallback { object["fallback"] = true }
        return .object(object)
    }
}

/// Which way a transition ran in a lifecycle event.
public enum TransitionDirection: String, Sendable, Hashable {
    case push, pop, present, dismiss
}
