/// A screen: its deep-link path, typed params, the destinations it may open, and how it opens.
public struct ScreenDefinition: Sendable, Hashable {
    public var name: String
    public var path: String?
    public var params: [ParamDefinition]
    public var routes: RouteRules
    /// Default transition when this screen is opened; `nil` means `push`.
    public var transition: String?
    public var requires: [String]

    public init(
        name: String, path: String? = nil, params: [ParamDefinition] = [],
        routes: RouteRules = RouteRules(), transition: String? = nil, requires: [String] = []
    ) {
        self.name = name
        self.path = path
        self.params = params
        self.routes = routes
        self.transition = transition
        self.requires = requires
    }

    public func param(named name: String) -> ParamDefinition? {
        params.first { $0.name == name }
    }
}

/// The composed Routes protocol of a screen's router: which destinations it may open, with
/// optional per-edge transition overrides. `"*"` allows any destination.
public struct RouteRules: Sendable, Hashable {
    public struct Edge: Sendable, Hashable {
        public var to: String
        public var transition: String?
        public init(to: String, transition: String? = nil) {
            self.to = to
            self.transition = transition
        }
    }

    public var allowsAny: Bool
    public var edges: [Edge]

    public init(allowsAny: Bool = false, edges: [Edge] = []) {
        self.allowsAny = allowsAny
        self.edges = edges
    }

    public func allows(_ destination: String) -> Bool {
        allowsAny || edges.contains { $0.to == destination }
    }

    public func edge(to destination: String) -> Edge? {
        edges.first { $0.to == destination }
    }

    /// The names a person sees in a `routeNotAllowed` error.
    public var allowedNames: [String] {
        (allowsAny ? ["*"] : []) + edges.map(\.to)
    }
}
