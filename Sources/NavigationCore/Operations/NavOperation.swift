import NavJSON
/// Every navigation verb of docs/operations.md, one closed enum. `deeplink` is here too: a deep
/// link is an operation like the others and can be part of an `apply`.
public indirect enum NavOperation: Sendable, Hashable {
    case route(RouteRequest)
    case close(screen: ScreenID?, expectRevision: Int? = nil)
    case popTo(screen: ScreenSelector, inclusive: Bool = false, expectRevision: Int? = nil)
    case popToRoot(flow: FlowID?, expectRevision: Int? = nil)
    case dismissAll(expectRevision: Int? = nil)
    case selectTab(TabSelector, flow: FlowID?, expectRevision: Int? = nil)
    case finishFlow(FlowID, result: JSONValue = .null, expectRevision: Int? = nil)
    case apply([NavOperation], expectRevision: Int? = nil)
    case deeplink(url: String, dryRun: Bool = false, expectRevision: Int? = nil)

    var expectedRevision: Int? {
        switch self {
        case .route(let r): return r.expectRevision
        case .close(_, let e), .popTo(_, _, let e), .popToRoot(_, let e), .dismissAll(let e),
            .selectTab(_, _, let e), .finishFlow(_, _, let e), .apply(_, let e), .deeplink(_, _, let e):
            return e
        }
    }
}

/// `nav.route` params (docs/operations.md route).
public struct RouteRequest: Sendable, Hashable {
    public var to: String
    /// The params as text: as received, or as written from the object a caller gave.
    public var params: JSONObjectText
    public var transition: String?
    public var from: ScreenID?
    public var expectRevision: Int?
    public var singleTop: Bool
    public var popTo: ScreenSelector?
    public var popToInclusive: Bool

    @inlinable
    public init(
        to: String, params: JSONObjectText = JSONObjectText(), transition: String? = nil, from: ScreenID? = nil,
        expectRevision: Int? = nil, singleTop: Bool = false, popTo: ScreenSelector? = nil, popToInclusive: Bool = false
    ) {
        self.to = to
        self.params = params
        self.transition = transition
        self.from = from
        self.expectRevision = expectRevision
        self.singleTop = singleTop
        self.popTo = popTo
        self.popToInclusive = popToInclusive
    }
}

/// A screen named by instance id (`s12`) or by screen name (the nearest from the top of
/// the top stack).
public enum ScreenSelector: Sendable, Hashable, CustomStringConvertible {
    case id(ScreenID)
    case name(String)

    /// `s<n>` is an id when it parses as one; anything else is a screen name.
    public init(_ text: String) {
        if let id = ScreenID(text) { self = .id(id) } else { self = .name(text) }
    }

    public var description: String {
        switch self {
        case .id(let id): return id.description
        case .name(let name): return name
        }
    }
}

/// A tab named by its flow name or its index.
public enum TabSelector: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case index(Int)

    public var description: String {
        switch self {
        case .name(let name): return name
        case .index(let index): return String(index)
        }
    }
}
