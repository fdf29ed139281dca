public import NavClient
internal import NavigationCore
public import NavJSON

/// What `expect` checks against the state, typed params included. Params that are given
/// must be equal; params left out are not checked (so defaults need not be spelled).
public enum StateExpectation: Sendable, Hashable {
    /// `expect top SCREEN [name=value …]`.
    case top(StackEntry)
    /// `expect stack [FLOW] A > B > C`: the visible stack, or the stack of the nearest
    /// instance of that flow.
    case stack(flow: String?, [StackEntry])
    /// `expect tab NAME`: the selected tab of the nearest tabs flow on the visible path.
    case tab(String)
    /// `expect revision N`.
    case revision(Int)
    /// `expect pending none|METHOD`: the method of the request a guard holds, nil for none.
    case pending(String?)
    /// `expect flag NAME=true|false`.
    case flag(String, Bool)

    /// A screen name and the params it must have.
    public struct StackEntry: Sendable, Hashable {
        public var screen: String
        public var params: JSONObject

        public init(_ screen: String, _ params: JSONObject = [:]) {
            self.screen = screen
            self.params = params
        }

        func matches(_ screen: ScreenView) -> Bool {
            screen.screen == self.screen && params.pairs.allSatisfy { screen.params[$0.key] == $0.value }
        }

        var text: String { ParamText.named(screen, params) }
    }

    public enum Outcome: Sendable, Hashable {
        /// What was checked (`top post postId=5`).
        case passed(String)
        case failed(expected: String, got: String)
    }

    /// What a person reads after `expected`.
    public var text: String {
        switch self {
        case .top(let entry): return "top \(entry.text)"
        case .stack(let flow, let entries):
            let stack = entries.map(\.text).joined(separator: " > ")
            return flow.map { "stack \($0): \(stack)" } ?? "stack \(stack)"
        case .tab(let name): return "tab \(name)"
        case .revision(let revision): return "revision \(revision)"
        case .pending(let method): return "pending \(method ?? "none")"
        case .flag(let name, let value): return "flag \(name)=\(value)"
        }
    }

    public func check(_ state: NavStateView) -> Outcome {
        switch self {
        case .top(let entry):
            guard let top = state.topScreen else { return .failed(expected: text, got: "no top screen") }
            return entry.matches(top) ? .passed(text) : .failed(expected: text, got: ParamText.named(top.screen, top.params))
        case .stack(let flow, let entries):
            let screens: [ScreenView]
            if let flow {
                guard let found = state.stack(ofFlowNamed: flow) else { return .failed(expected: text, got: "no flow named \(flow)") }
                screens = found
            } else {
                screens = state.visibleStack
            }
            if screens.count == entries.count && zip(entries, screens).allSatisfy({ $0.matches($1) }) { return .passed(text) }
            let withParams = entries.contains { !$0.params.isEmpty }
            let got = screens.map { withParams ? ParamText.named($0.screen, $0.params) : $0.screen }.joined(separator: " > ")
            return .failed(expected: text, got: got.isEmpty ? "an empty stack" : got)
        case .tab(let name):
            guard let tabs = state.nearestTabs, let selected = tabs.selectedTab else {
                return .failed(expected: text, got: "no tabs on the visible path")
            }
            let selectedName = selected.flow ?? selected.id
            return selectedName == name ? .passed(text) : .failed(expected: text, got: selectedName)
        case .revision(let revision):
            return state.revision == revision ? .passed(text) : .failed(expected: text, got: "revision \(state.revision)")
        case .pending(let method):
            let got = state.session.pending
            if got?.method == method { return .passed(text) }
            return .failed(expected: text, got: got.map { "pending \($0.method) (\($0.summary))" } ?? "pending none")
        case .flag(let name, let value):
            guard let actual = state.session.flag(name) else {
                let known = state.session.flags.map(\.name).joined(separator: ", ")
                return .failed(expected: text, got: "no flag named \(name) (flags: \(known.isEmpty ? "none" : known))")
            }
            return actual == value ? .passed(text) : .failed(expected: text, got: "flag \(name)=\(actual)")
        }
    }
}
