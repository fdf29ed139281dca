internal import NavigationCore
public import NavJSON

/// A flow instance of the tree (docs/tree.md): a `stack` or `single` container of screens,
/// or `tabs` of stack flows; it may present another flow instance and host embedded ones.
public struct FlowView: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case stack, tabs, single
    }

    /// `f2`.
    public var id: String
    /// The flow's name in the app definition; nil for the anonymous containers that a
    /// screen-level `modal` / `modalWithNavigation` creates.
    public var flow: String?
    public var kind: Kind
    /// Bottom first (`stack`, `single`); empty for `tabs`.
    public var screens: [ScreenView]
    /// `tabs` only.
    public var tabs: [FlowView]
    /// `tabs` only: the index of the selected tab.
    public var selected: Int?
    public var children: [EmbeddedFlowView]
    /// How it was opened; nil for the root flow and tabs.
    public var via: TransitionView?
    /// Arrays are the one recursive storage a struct may hold; at most one element.
    private var presentedStorage: [FlowView]

    public init(
        id: String, flow: String?, kind: Kind, screens: [ScreenView] = [], tabs: [FlowView] = [],
        selected: Int? = nil, children: [EmbeddedFlowView] = [], presented: FlowView? = nil, via: TransitionView? = nil
    ) {
        self.id = id
        self.flow = flow
        self.kind = kind
        self.screens = screens
        self.tabs = tabs
        self.selected = selected
        self.children = children
        self.via = via
        self.presentedStorage = presented.map { [$0] } ?? []
    }

    /// The flow instance this one presents (a modal above it).
    public var presented: FlowView? {
        get { presentedStorage.first }
        set { presentedStorage = newValue.map { [$0] } ?? [] }
    }

    /// The selected tab of a tabs flow.
    public var selectedTab: FlowView? {
        guard let selected, tabs.indices.contains(selected) else { return nil }
        return tabs[selected]
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        let kindName = try fields.string("kind")
        guard let kind = Kind(rawValue: kindName) else {
            throw ViewDecodingError(path: fields.path("kind"), message: "unknown kind '\(kindName)'")
        }
        var screens: [ScreenView] = []
        for (i, screen) in try fields.array("screens").enumerated() {
            screens.append(try ScreenView(json: screen, at: "\(fields.path("screens"))[\(i)]"))
        }
        var tabs: [FlowView] = []
        for (i, tab) in try fields.array("tabs").enumerated() {
            tabs.append(try FlowView(json: tab, at: "\(fields.path("tabs"))[\(i)]"))
        }
        var children: [EmbeddedFlowView] = []
        for (i, child) in try fields.array("children").enumerated() {
            children.append(try EmbeddedFlowView(json: child, at: "\(fields.path("children"))[\(i)]"))
        }
        let selected = try fields.optionalInt("selected")
        if kind == .tabs {
            guard let selected, tabs.indices.contains(selected) else {
                throw ViewDecodingError(path: fields.path("selected"), message: "a tabs flow needs a selected tab in 0..<\(tabs.count)")
            }
        } else if screens.isEmpty {
            throw ViewDecodingError(path: fields.path("screens"), message: "a \(kind.rawValue) flow needs at least one screen")
        }
        self.init(
            id: try fields.string("id"), flow: try fields.optionalString("flow"), kind: kind, screens: screens, tabs: tabs,
            selected: selected, children: children,
            presented: try fields.optional("presented").map { p throws(ViewDecodingError) in try FlowView(json: p, at: fields.path("presented")) },
            via: try fields.optional("via").map { v throws(ViewDecodingError) in try TransitionView(json: v, at: fields.path("via")) })
    }
}
