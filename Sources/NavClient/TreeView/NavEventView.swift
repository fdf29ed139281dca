internal import NavigationCore
public import NavJSON

/// One lifecycle event of a change (docs/operations.md, semantics.md 22–23), typed.
public struct NavEventView: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case willHide, exit, flowFinished, tabSelected, flowStarted, enter, willShow
        /// A guard held a request (docs/guards.md): `method`, `guardName`, and in `name` the
        /// screen that requires it.
        case pendingHeld
        /// The pending request was dropped: `method`, `reason`.
        case pendingDropped
    }

    public var kind: Kind
    /// Screen events: the screen instance id.
    public var screen: String?
    /// The screen's name (screen events), the flow's name (flow events, nil for an anonymous
    /// container) or the selected tab's flow name (`tabSelected`).
    public var name: String?
    /// Screen events: the screen's params.
    public var params: JSONObject
    /// The flow instance: the screen's owner, the flow that started or finished, or the tabs flow.
    public var flow: String?
    /// `enter` / `exit`: the transition with its direction; nil for boot roots.
    public var via: TransitionView?
    /// `tabSelected`: the index of the new tab.
    public var tab: Int?
    /// `flowFinished`: what `flow.finish` passed (null otherwise).
    public var result: JSONValue?
    /// `pendingHeld`, `pendingDropped`: the request's method.
    public var method: String?
    /// `pendingHeld`: the guard whose flag is false.
    public var guardName: String?
    /// `pendingDropped`: why (`replaced`, `redirectClosed`, or a resumed request's error reason).
    public var reason: String?

    public init(
        kind: Kind, screen: String? = nil, name: String? = nil, params: JSONObject = [:], flow: String? = nil,
        via: TransitionView? = nil, tab: Int? = nil, result: JSONValue? = nil, method: String? = nil,
        guardName: String? = nil, reason: String? = nil
    ) {
        self.kind = kind
        self.screen = screen
        self.name = name
        self.params = params
        self.flow = flow
        self.via = via
        self.tab = tab
        self.result = result
        self.method = method
        self.guardName = guardName
        self.reason = reason
    }

    public init(json: JSONValue, at path: String = "$") throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: path)
        let type = try fields.string("type")
        guard let kind = Kind(rawValue: type) else {
            throw ViewDecodingError(path: fields.path("type"), message: "unknown event type '\(type)'")
        }
        // JSONValue is ExpressibleByNilLiteral: spell "no result" as Optional.none, not nil.
        let result: JSONValue? = kind == .flowFinished ? (fields.object["result"] ?? JSONValue.null) : Optional.none
        if kind == .pendingHeld || kind == .pendingDropped {
            self.init(
                kind: kind, name: try fields.optionalString("screen"), method: try fields.string("method"),
                guardName: try fields.optionalString("guard"), reason: try fields.optionalString("reason"))
            return
        }
        self.init(
            kind: kind, screen: try fields.optionalString("screen"), name: try fields.optionalString("name"),
            params: try fields.objectValue("params"), flow: try fields.optionalString("flow"),
            via: try fields.optional("via").map { v throws(ViewDecodingError) in try TransitionView(json: v, at: fields.path("via")) },
            tab: try fields.optionalInt("tab"), result: result)
    }

    /// A list of events (`events` of a result or change).
    public static func list(_ json: JSONValue?, at path: String = "$.events") throws(ViewDecodingError) -> [NavEventView] {
        guard let json, !json.isNull else { return [] }
        guard let array = json.arrayValue else {
            throw ViewDecodingError(path: path, message: "expected an array, got \(json.typeName)")
        }
        var events: [NavEventView] = []
        for (i, event) in array.enumerated() { events.append(try NavEventView(json: event, at: "\(path)[\(i)]")) }
        return events
    }
}
