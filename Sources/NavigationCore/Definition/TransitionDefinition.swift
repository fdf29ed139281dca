/// The three built-in transitions every custom transition is based on.
public enum TransitionKind: String, Sendable, Hashable, CaseIterable {
    case push
    case modal
    case modalWithNavigation
}

/// A custom transition: behaves as its base, its animator name travels with every event.
public struct TransitionDefinition: Sendable, Hashable {
    public var name: String
    public var base: TransitionKind
    public var animator: String

    public init(name: String, base: TransitionKind, animator: String) {
        self.name = name
        self.base = base
        self.animator = animator
    }
}

/// A guard *(stage G)*: where a request for a screen that requires it is redirected.
public struct GuardDefinition: Sendable, Hashable {
    public var name: String
    public var redirect: String

    public init(name: String, redirect: String) {
        self.name = name
        self.redirect = redirect
    }
}
