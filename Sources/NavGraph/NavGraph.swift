/// An app definition as a graph (docs/graph.md): its screens, flows and events as nodes, what
/// leads from one to another as edges. Built from the definition alone (`init(definition:)`),
/// the same for every renderer: DOT (`DOTWriter`), Mermaid (`MermaidWriter`) and JSON
/// (`jsonValue`, Protocol/graph.schema.json). What is live or covered is not part of it: it is
/// a `GraphMarks` given to a renderer beside the graph.
///
/// Node ids are stable: a screen's or flow's id is its name, so that a page showing the SVG
/// finds it by name. The nodes that are not in the definition have ids no name can have
/// (names are identifiers): `*` (any destination), `@url` (a deep link from outside) and
/// `@event.NAME` (a routing event).
public struct NavGraph: Sendable, Hashable {
    public var app: String
    /// The flow started at boot.
    public var root: String
    /// Definition order: flows, screens, then `*`, `@url` and the events.
    public var nodes: [GraphNode]
    /// Route edges in screen order, then tabs, deep links, guard redirects and events.
    public var edges: [GraphEdge]

    public init(app: String, root: String, nodes: [GraphNode], edges: [GraphEdge]) {
        self.app = app
        self.root = root
        self.nodes = nodes
        self.edges = edges
    }

    /// The id of the node a `"*"` route leads to: drawn once however many screens allow any.
    public static let anyID = "*"
    /// The id of the node deep links come from.
    public static let urlID = "@url"

    /// The id of an event's node.
    public static func eventID(_ name: String) -> String { "@event." + name }

    public func node(_ id: String) -> GraphNode? {
        nodes.first { $0.id == id }
    }
}

/// A node: a screen, a flow (its cluster), or a source that is not in the tree.
public struct GraphNode: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case screen
        /// A stack flow: drawn as a cluster around its screens.
        case flow
        /// A tabs flow: a cluster around its tabs (stack flows).
        case tab
        /// `*`: any destination.
        case any
        /// `@url`: deep links from outside the app.
        case url
        /// `@event.NAME`: a routing event.
        case event
    }

    public var id: String
    public var kind: Kind
    /// The flow whose cluster the node is drawn in: a stack flow's root screen and the screens
    /// pushed from it (docs/graph.md), a tab in its tabs flow; nil at the top level.
    public var flow: String?
    /// A screen's deep-link pattern as written.
    public var path: String?
    /// A screen's guards.
    public var requires: [String]
    /// A stack flow's root screen.
    public var rootScreen: String?
    /// A tabs flow's tabs and the one selected at start.
    public var tabs: [String]
    public var initialTab: String?

    public init(
        id: String, kind: Kind, flow: String? = nil, path: String? = nil, requires: [String] = [],
        rootScreen: String? = nil, tabs: [String] = [], initialTab: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.flow = flow
        self.path = path
        self.requires = requires
        self.rootScreen = rootScreen
        self.tabs = tabs
        self.initialTab = initialTab
    }

    /// Screens and flows: the nodes named in the definition.
    public var isNamed: Bool { kind == .screen || kind == .flow || kind == .tab }
}

/// An edge: what leads from one node to another.
public struct GraphEdge: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// A screen's route to a screen or flow (or to `*`), labelled with its transition.
        case route
        /// A tabs flow to one of its tabs.
        case tab
        /// `@url` to a screen with a path, labelled with the pattern.
        case deeplink
        /// A guarded screen to its guard's redirect, labelled with the guard; drawn dashed.
        case redirect
        /// An event to what its steps open, labelled with the event.
        case event
    }

    public var from: String
    public var to: String
    public var kind: Kind
    /// A route's transition: its own, else the destination's, else push (a screen) or modal (a flow).
    public var transition: String?
    /// The pattern, guard or event name; nil for routes and tabs.
    public var label: String?

    public init(from: String, to: String, kind: Kind, transition: String? = nil, label: String? = nil) {
        self.from = from
        self.to = to
        self.kind = kind
        self.transition = transition
        self.label = label
    }

    /// `route:feedList->post`: unique in a graph, the same for the same definition.
    public var id: String { "\(kind.rawValue):\(from)->\(to)" }
}
