import NavJSON
/// A flow instance: a named coordinator (`flow` set) or an anonymous presentation container.
///
/// Stack and single containers hold their screens; a tabs flow holds its tab flows. An
/// *embedded* child flow holds no container of its own: its screens are a contiguous run in
/// the stack of its `host`.
public struct FlowNode: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case stack, tabs, single
    }

    /// How this instance hangs in the tree.
    public enum Parent: Sendable, Hashable {
        /// The root flow, started at boot.
        case root
        /// A tab of a tabs flow.
        case tab(of: FlowID)
        /// Presented (modally) by a container.
        case presented(by: FlowID)
        /// Started by `parent` (a flow instance) with its screens pushed on `host`'s stack.
        case embedded(parent: FlowID, host: FlowID)

        /// The flow whose text holds this one's in the tree's JSON: the tabs flow, the
        /// presenter, or the flow that embeds it; `nil` for the root.
        var holder: FlowID? {
            switch self {
            case .root: return nil
            case .tab(let of): return of
            case .presented(let by): return by
            case .embedded(let parent, _): return parent
            }
        }

        /// The next flow up for ownership (tabs and embedding, not presentation).
        var up: FlowID? {
            switch self {
            case .root, .presented: return nil
            case .tab(let of): return of
            case .embedded(let parent, _): return parent
            }
        }
    }

    public var id: FlowID
    /// The flow's name; `nil` for anonymous containers made by screen-level modal transitions.
    public var name: String?
    public var kind: Kind
    public var parent: Parent
    /// Screens of a stack or single container, bottom first. Empty for tabs and embedded flows.
    public var screens: [ScreenID] = []
    /// Tab flows of a tabs flow, and the selected index.
    public var tabs: [FlowID] = []
    public var selected: Int = 0
    /// Embedded child flows this instance started, oldest first.
    public var children: [FlowID] = []
    /// The container this one presents, if any.
    public var presented: FlowID?
    /// How it was opened; `nil` for the root flow and tabs.
    public var via: AppliedTransition?

    public var isEmbedded: Bool {
        if case .embedded = parent { return true }
        return false
    }

    /// The container whose `screens` hold this flow's screens.
    public var container: FlowID {
        if case .embedded(_, let host) = parent { return host }
        return id
    }
}

/// A screen instance.
public struct ScreenNode: Sendable, Hashable {
    public var id: ScreenID
    /// Its name and params, and what its events say of them (written once, when it is made).
    var text: ScreenText
    /// The flow instance that owns it (an embedded flow, or the container itself).
    public var flow: FlowID
    /// The stack or single container whose `screens` hold it.
    public var container: FlowID
    /// How it was opened; `nil` for roots that no transition opened.
    public var via: AppliedTransition?

    init(id: ScreenID, name: String, params: JSONObjectText, flow: FlowID, container: FlowID, via: AppliedTransition?) {
        self.id = id
        self.text = ScreenText(name: name, params: params)
        self.flow = flow
        self.container = container
        self.via = via
    }

    public var name: String {
        get { text.name }
        set { text = ScreenText(name: newValue, params: text.paramsText) }
    }

    /// Validated params with defaults filled.
    public var params: JSONObject {
        get { text.params }
        set { text = ScreenText(name: text.name, params: newValue) }
    }
}
