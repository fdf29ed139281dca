public import NavJSON
public import NavigationCore
/// Why a revision was made: the request's method and its params (the JSON object as navd
/// received it, its insignificant whitespace left out: NavProtocol's `ReceivedParams`), and the
/// connection that asked — its `daemon.hello` name and its id (`c3`). navd's own revisions
/// (its start, a migration: `DaemonCause` in NavProtocol spells them) have neither. The
/// method is spelled by the layer that names it.
public struct HistoryCause: Sendable, Hashable {
    public var method: String
    /// The params object's JSON, written as it is wherever the cause is.
    public var encodedParams: [UInt8]
    public var client: String?
    public var clientID: String?
    /// What only an `event.emit`'s revision has, boxed: every revision's cause is copied into
    /// the history, and three inline optionals there cost each of them (about 70 instructions
    /// per request) for what few revisions carry.
    private var handling: EventHandling?

    private indirect enum EventHandling: Sendable, Hashable {
        case fields(event: String?, by: String?, steps: JSONValue?)
    }

    /// For a revision an `event.emit` made: the event's name.
    public var event: String? {
        get { if case .fields(let event, _, _)? = handling { return event } else { return nil } }
        set { handling = Self.handling(event: newValue, by: by, steps: steps) }
    }

    /// Who handled the event (`"definition"` or a listener's client id).
    public var by: String? {
        get { if case .fields(_, let by, _)? = handling { return by } else { return nil } }
        set { handling = Self.handling(event: event, by: newValue, steps: steps) }
    }

    /// The steps the event became (as `nav.apply` ops), with `event`.
    public var steps: JSONValue? {
        get { if case .fields(_, _, let steps)? = handling { return steps } else { return nil } }
        set { handling = Self.handling(event: event, by: by, steps: newValue) }
    }

    private static func handling(event: String?, by: String?, steps: JSONValue?) -> EventHandling? {
        event == nil && by == nil && steps == nil ? nil : .fields(event: event, by: by, steps: steps)
    }

    /// `{method, params, client, clientId}` (`null` for a missing client), with `event`, `by`
    /// and `steps` for an event's revision: how the cause is written, to the store and (read
    /// back as `jsonValue`) to `nav.history`.
    public func writeJSON(into out: inout JSONBuffer) {
        out.append(#"{"method":"#)
        JSONWriter.writeString(method, into: &out)
        out.append(#","params":"#)
        out.append(encodedParams)
        out.append(#","client":"#)
        JSONWriter.writeString(client, into: &out)
        out.append(#","clientId":"#)
        JSONWriter.writeString(clientID, into: &out)
        if let event {
            out.append(#","event":"#)
            JSONWriter.writeString(event, into: &out)
        }
        if let by {
            out.append(#","by":"#)
            JSONWriter.writeString(by, into: &out)
        }
        if let steps {
            out.append(#","steps":"#)
            JSONWriter.write(steps, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// What `writeJSON` writes, as a value.
    public var jsonValue: JSONValue {
        let bytes = JSONBuffer.encode(capacity: 128) { writeJSON(into: &$0) }
        do {
            return try JSONParser.parse(bytes, maxDepth: .max)
        } catch {
            preconditionFailure("navd: a cause's JSON does not read back: \(error)")
        }
    }
}

// The initializers are in an extension so that the struct keeps its memberwise initializer,
// which they call: an initializer that assigns each property of `self` in turn leaves a copy
// of the whole cause that the optimizer does not remove (a retain and a release of every field).
extension HistoryCause {
    /// A cause whose params are the JSON `encodedParams` (a request's as received).
    public init(
        method: String, encodedParams: [UInt8], client: String? = nil, clientID: String? = nil,
        event: String? = nil, by: String? = nil, steps: JSONValue? = nil
    ) {
        self.init(
            method: method, encodedParams: encodedParams, client: client, clientID: clientID,
            handling: Self.handling(event: event, by: by, steps: steps))
    }

    /// A cause whose params are `params` written once (navd's own causes, tests).
    public init(
        method: String, params: JSONValue = .object([:]), client: String? = nil, clientID: String? = nil,
        event: String? = nil, by: String? = nil, steps: JSONValue? = nil
    ) {
        self.init(
            method: method, encodedParams: JSONWriter.bytes(params), client: client, clientID: clientID, event: event, by: by,
            steps: steps)
    }

    /// The params, read back from their JSON.
    public var params: JSONValue {
        do {
            return try JSONParser.parse(encodedParams, maxDepth: .max)
        } catch {
            preconditionFailure("navd: a cause's params do not read back: \(error)")
        }
    }

    /// `jsonValue` read back.
    public init(json: JSONValue) throws(TreeDecodingError) {
        guard let method = json["method"]?.stringValue else { throw TreeDecodingError(message: "invalid cause: 'method' must be a string") }
        func optional(_ key: String) throws(TreeDecodingError) -> String? {
            switch json[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            default: throw TreeDecodingError(message: "invalid cause: '\(key)' must be a string or null")
            }
        }
        self.init(
            method: method, params: json["params"] ?? .object([:]), client: try optional("client"), clientID: try optional("clientId"),
            event: try optional("event"), by: try optional("by"), steps: json["steps"])
    }
}
