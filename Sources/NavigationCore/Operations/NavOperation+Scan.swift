import NavJSON
extension NavOperation {
    /// The methods whose params `init?(scanning:params:depth:)` reads: the ones clients send
    /// most. Every other method goes through `init(method:params:)`.
    public enum ScannableMethod: Sendable {
        case route, close, selectTab
    }

    /// The fast path of `init(method:params:)`: decodes a params object straight from the
    /// scanner (its `{` next, nested at `depth`), without a `JSONValue` of it.
    ///
    /// Reads only the plain form: known fields, each once, of the right type (`null` included
    /// nowhere), `nav.route` without `popTo`. Returns nil for anything else, and then
    /// `init(method:params:)` must decide, so every error stays the general path's. What it
    /// returns is what `init(method:params:)` returns for the same params.
    public init?(scanning method: ScannableMethod, params scanner: inout JSONScanner, depth: Int) {
        switch method {
        case .route:
            guard let request = Self.scanRoute(&scanner, depth: depth) else { return nil }
            self = .route(request)
        case .close:
            var screen: ScreenID?
            var expectRevision: Int?
            let read = scanner.members(depth: depth) { key, field in
                if key.equals("screen") { return screen == nil && field.screenID(into: &screen) }
                if key.equals("expectRevision") { return expectRevision == nil && field.int(into: &expectRevision) }
                return false
            }
            guard read else { return nil }
            self = .close(screen: screen, expectRevision: expectRevision)
        case .selectTab:
            var tab: TabSelector?
            var flow: FlowID?
            var expectRevision: Int?
            let read = scanner.members(depth: depth) { key, field in
                if key.equals("tab") {
                    guard tab == nil else { return false }
                    if let index = field.int() {
                        tab = .index(index)
                    } else if let name = field.string() {
                        tab = .name(name)
                    }
                    return tab != nil
                }
                if key.equals("flow") { return flow == nil && field.flowID(into: &flow) }
                if key.equals("expectRevision") { return expectRevision == nil && field.int(into: &expectRevision) }
                return false
            }
            guard read, let tab else { return nil }
            self = .selectTab(tab, flow: flow, expectRevision: expectRevision)
        }
    }

    /// `init?(scanning:params:depth:)` for a request without params.
    public init?(scanning method: ScannableMethod) {
        switch method {
        case .close: self = .close(screen: nil, expectRevision: nil)
        case .route, .selectTab: return nil
        }
    }

    private static func scanRoute(_ scanner: inout JSONScanner, depth: Int) -> RouteRequest? {
        var to: String?
        var params: JSONObject?
        var transition: String?
        var from: ScreenID?
        var expectRevision: Int?
        var singleTop: Bool?
        let read = scanner.members(depth: depth) { key, field in
            if key.equals("to") { return to == nil && field.string(into: &to) }
            if key.equals("params") {
                guard params == nil else { return false }
                // Params are mostly flat (`{"postId":7}`): read without the parser when they are.
                if let object = field.flatObject(depth: depth + 1) {
                    params = object
                    return true
                }
                guard case .object(let object)? = field.value(depth: depth + 1) else { return false }
                params = object
                return true
            }
            if key.equals("transition") { return transition == nil && field.string(into: &transition) }
            if key.equals("from") { return from == nil && field.screenID(into: &from) }
            if key.equals("expectRevision") { return expectRevision == nil && field.int(into: &expectRevision) }
            if key.equals("singleTop") {
                guard singleTop == nil, let value = field.bool() else { return false }
                singleTop = value
                return true
            }
            return false
        }
        guard read, let to else { return nil }
        return RouteRequest(
            to: to, params: params ?? [:], transition: transition, from: from, expectRevision: expectRevision,
            singleTop: singleTop ?? false)
    }
}

/// The field readers of `NavOperation.init?(scanning:params:depth:)`: each stores the value and
/// returns true, or returns false when the field is not in its plain form.
extension JSONScanner {
    fileprivate mutating func string(into field: inout String?) -> Bool {
        field = string()
        return field != nil
    }

    fileprivate mutating func int(into field: inout Int?) -> Bool {
        field = int()
        return field != nil
    }

    fileprivate mutating func screenID(into field: inout ScreenID?) -> Bool {
        field = string().flatMap(ScreenID.init)
        return field != nil
    }

    fileprivate mutating func flowID(into field: inout FlowID?) -> Bool {
        field = string().flatMap(FlowID.init)
        return field != nil
    }
}
