import NavJSON
/// How the caller named a request: the method and params it was asked with. The engine keeps
/// them as given, to report and to store a held request; what the names mean is the caller's
/// business (the protocol's method names).
public struct RequestLabel: Sendable, Hashable {
    public var method: String
    public var params: JSONObject

    public init(method: String, params: JSONObject) {
        self.method = method
        self.params = params
    }
}

/// What a guard's redirect opened: the destination's name, the screen instance opened and the
/// flow instance started (the redirect flow, or the anonymous container of a modal screen;
/// `nil` for a screen pushed onto a stack).
public struct RedirectInstance: Sendable, Hashable {
    public var to: String
    public var screen: ScreenID
    public var flow: FlowID?

    public init(to: String, screen: ScreenID, flow: FlowID?) {
        self.to = to
        self.screen = screen
        self.flow = flow
    }

    init?(json: JSONValue) {
        guard let to = json["to"]?.stringValue, let screen = json["screen"]?.stringValue.flatMap(ScreenID.init) else { return nil }
        let flow = json["flow"]?.stringValue.flatMap(FlowID.init)
        if json["flow"] != nil && flow == nil { return nil }
        self.init(to: to, screen: screen, flow: flow)
    }
}

/// The one request a guard holds: what was asked, the operation that resumes it, the guard
/// whose flag it waits for, the screen that required it, and what the redirect opened.
public struct PendingRequest: Sendable, Hashable {
    public var request: RequestLabel
    /// The operation applied when the flag is set: the request's own, its `expectRevision`s and
    /// `from` left out (they were checked when it was held; semantics.md 66).
    public var operation: NavOperation
    public var guardName: String
    public var screen: String
    public var redirect: RedirectInstance

    public init(request: RequestLabel, operation: NavOperation, guardName: String, screen: String, redirect: RedirectInstance) {
        self.request = request
        self.operation = operation
        self.guardName = guardName
        self.screen = screen
        self.redirect = redirect
    }
}

extension RedirectInstance: JSONWritable {
    /// `{to, screen, flow?}`.
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"to":"#, into: &out)
        JSONWriter.writeString(to, into: &out)
        JSONWriter.raw(#","screen":"#, into: &out)
        screen.writeJSON(into: &out)
        if let flow {
            JSONWriter.raw(#","flow":"#, into: &out)
            flow.writeJSON(into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}

extension PendingRequest: JSONWritable {
    /// `{method, params, guard, screen, redirected}`.
    public func writeJSON(into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"method":"#, into: &out)
        JSONWriter.writeString(request.method, into: &out)
        JSONWriter.raw(#","params":"#, into: &out)
        JSONWriter.write(request.params, into: &out)
        JSONWriter.raw(#","guard":"#, into: &out)
        JSONWriter.writeString(guardName, into: &out)
        JSONWriter.raw(#","screen":"#, into: &out)
        JSONWriter.writeString(screen, into: &out)
        JSONWriter.raw(#","redirected":"#, into: &out)
        redirect.writeJSON(into: &out)
        out.append(UInt8(ascii: "}"))
    }
}

/// How a caller names operations as requests, and reads such a name back: the protocol's
/// method names and params. A navigator given one can hold any request its operations make
/// (`perform` needs no name for each), and restore a stored pending request.
public struct RequestNaming: Sendable {
    /// The request that asks for an operation.
    public var label: @Sendable (NavOperation) -> RequestLabel
    /// The operation a request asks for, `nil` when it names none.
    public var operation: @Sendable (RequestLabel) -> NavOperation?

    public init(
        label: @escaping @Sendable (NavOperation) -> RequestLabel,
        operation: @escaping @Sendable (RequestLabel) -> NavOperation?
    ) {
        self.label = label
        self.operation = operation
    }
}

extension NavOperation {
    /// The operation as it resumes: without the `expectRevision`s and the route `from` that
    /// were checked when it was held, and are stale by the time the flag is set.
    var resuming: NavOperation {
        switch self {
        case .route(var request):
            request.expectRevision = nil
            request.from = nil
            return .route(request)
        case .close(let screen, _): return .close(screen: screen)
        case .popTo(let screen, let inclusive, _): return .popTo(screen: screen, inclusive: inclusive)
        case .popToRoot(let flow, _): return .popToRoot(flow: flow)
        case .dismissAll: return .dismissAll()
        case .selectTab(let tab, let flow, _): return .selectTab(tab, flow: flow)
        case .finishFlow(let flow, let result, _): return .finishFlow(flow, result: result)
        case .apply(let operations, _): return .apply(operations.map(\.resuming))
        case .deeplink(let url, let dryRun, _): return .deeplink(url: url, dryRun: dryRun)
        }
    }
}
