public import NavJSON

/// What an `event.emit`'s revision says of the event in its cause: the event, who handled it
/// (`"definition"` or a listener's client id) and the steps applied.
public struct EventCauseView: Sendable, Hashable {
    public var name: String
    public var by: String
    public var steps: [JSONValue]

    public init(name: String, by: String, steps: [JSONValue]) {
        self.name = name
        self.by = by
        self.steps = steps
    }

    /// The event part of a cause's fields, nil when it has none.
    init?(_ fields: JSONFields) throws(ViewDecodingError) {
        guard let name = try fields.optionalString("event") else { return nil }
        self.init(name: name, by: try fields.optionalString("by") ?? "?", steps: fields.optional("steps")?.arrayValue ?? [])
    }

    /// `nav.route post, nav.close`: each step's method and what it names (`to`, `url`, `tab`,
    /// `screen`), as a person reads it.
    public var stepsSummary: String {
        let parts = steps.map { step -> String in
            let method = step["method"]?.stringValue ?? "?"
            let params = step["params"]
            let target = ["to", "url", "tab", "screen", "flow"].lazy.compactMap { key -> String? in
                guard let value = params?[key] else { return nil }
                return value.stringValue ?? JSONWriter.string(value)
            }.first
            return target.map { "\(method) \($0)" } ?? method
        }
        return parts.isEmpty ? "no steps" : parts.joined(separator: ", ")
    }

    /// `event postTapped by feedModule → nav.route post, handled by definition` (the emitter
    /// given as `who`).
    public func line(who: String, arrow: String = "→") -> String {
        "event \(name) by \(who) \(arrow) \(stepsSummary), handled by \(by)"
    }
}
