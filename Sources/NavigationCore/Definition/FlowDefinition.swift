/// A flow (a coordinator): a stack with a root screen, or tabs of stack flows.
public struct FlowDefinition: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case stack(root: String)
        case tabs(tabs: [String], initialTab: String)
    }

    public var name: String
    public var kind: Kind
    /// How the flow opens when routed to; `nil` means the default, `modal`.
    public var transition: String?

    public init(name: String, kind: Kind, transition: String? = nil) {
        self.name = name
        self.kind = kind
        self.transition = transition
    }

    public var rootScreen: String? {
        if case .stack(let root) = kind { return root }
        return nil
    }

    public var isTabs: Bool {
        if case .tabs = kind { return true }
        return false
    }
}
