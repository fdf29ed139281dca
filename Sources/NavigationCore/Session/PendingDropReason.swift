import NavJSON
/// Why the pending request was dropped (a `pendingDropped` event, docs/guards.md).
public enum PendingDropReason: Sendable, Hashable {
    /// A newer request was held in its place.
    case replaced
    /// What its redirect opened ended with the flag still false: nothing would resume it.
    case redirectClosed
    /// `nav.goto` or `nav.reset` replaced the tree (and the session with it).
    case reset
    /// It resumed, and failed with this error: the revision keeps only the redirect finishing.
    /// Boxed: an error is several times the size of the other cases' payloads, and inline it
    /// made every `NavEvent` as large, copied and destroyed in every revision's events (about
    /// 160 instructions per route/close).
    indirect case failed(NavError)

    /// The event's `reason`: the case's name, or the failure's own reason.
    public var name: String {
        switch self {
        case .replaced: return "replaced"
        case .redirectClosed: return "redirectClosed"
        case .reset: return "reset"
        case .failed(let error): return error.reason.rawValue
        }
    }

    /// The reason a `pendingDropped` event names (`name`), with the failure's `error`
    /// (`{message, data}`, absent for the others); nil when they name none.
    init?(name: String, error: JSONValue?) {
        switch name {
        case "replaced": self = .replaced
        case "redirectClosed": self = .redirectClosed
        case "reset": self = .reset
        default:
            guard let reason = NavError.Reason(rawValue: name), let message = error?["message"]?.stringValue,
                  case .object(let data)? = error?["data"]
            else { return nil }
            self = .failed(NavError(reason, message, data: data))
        }
    }

    /// The failure's `{message, data}`; nil for the other reasons.
    var errorJSON: JSONValue? {
        guard case .failed(let error) = self else { return nil }
        return ["message": .string(error.message), "data": .object(error.data)]
    }
}
