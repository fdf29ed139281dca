import NavJSON
extension NavEvent {
    /// `jsonValue` read back (a store keeps a revision's events as JSON).
    public init(json: JSONValue) throws(TreeDecodingError) {
        func fail(_ problem: String) -> TreeDecodingError { TreeDecodingError(message: "invalid event: \(problem)") }
        guard case .object(let object) = json, let type = object["type"]?.stringValue else { throw fail("no 'type'") }
        func flow() throws(TreeDecodingError) -> FlowID {
            guard let text = object["flow"]?.stringValue, let id = FlowID(text) else { throw fail("'flow' must be a flow instance id") }
            return id
        }
        func name() throws(TreeDecodingError) -> String? {
            switch object["name"] {
            case nil, .null?: return nil
            case .string(let name)?: return name
            default: throw fail("'name' must be a string or null")
            }
        }
        func screen() throws(TreeDecodingError) -> ScreenRef {
            guard let text = object["screen"]?.stringValue, let id = ScreenID(text) else { throw fail("'screen' must be a screen instance id") }
            guard let name = object["name"]?.stringValue else { throw fail("'name' must be a string") }
            guard case .object(let params)? = object["params"] else { throw fail("'params' must be an object") }
            return ScreenRef(screen: id, name: name, params: params, flow: try flow())
        }
        func via() throws(TreeDecodingError) -> EventVia? {
            switch object["via"] {
            case nil, .null?: return nil
            case let value?:
                let transition = try AppliedTransition(json: value, path: "via")
                guard let text = value["direction"]?.stringValue, let direction = TransitionDirection(rawValue: text) else {
                    throw fail("'via.direction' must be push, pop, present or dismiss")
                }
                return EventVia(transition: transition, direction: direction)
            }
        }
        switch type {
        case "willHide": self = .willHide(try screen())
        case "willShow": self = .willShow(try screen())
        case "exit": self = .exit(try screen(), via: try via())
        case "enter": self = .enter(try screen(), via: try via())
        case "flowFinished": self = .flowFinished(flow: try flow(), name: try name(), result: object["result"] ?? .null)
        case "flowStarted": self = .flowStarted(flow: try flow(), name: try name())
        case "tabSelected":
            guard let tab = object["tab"]?.intValue else { throw fail("'tab' must be an integer") }
            self = .tabSelected(flow: try flow(), tab: tab, name: try name())
        case "pendingHeld":
            guard let method = object["method"]?.stringValue, let guardName = object["guard"]?.stringValue,
                  let screen = object["screen"]?.stringValue
            else { throw fail("pendingHeld needs 'method', 'guard' and 'screen' strings") }
            self = .pendingHeld(method: method, guardName: guardName, screen: screen)
        case "pendingDropped":
            guard let method = object["method"]?.stringValue, let name = object["reason"]?.stringValue else {
                throw fail("pendingDropped needs 'method' and 'reason' strings")
            }
            guard let reason = PendingDropReason(name: name, error: object["error"]) else {
                throw fail("pendingDropped's reason '\(name)' is not one navd drops a request for, or its error is not {message, data}")
            }
            self = .pendingDropped(method: method, reason: reason)
        default: throw fail("unknown type '\(type)'")
        }
    }
}
