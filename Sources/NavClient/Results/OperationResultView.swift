public import NavJSON

/// What an operation answered (docs/operations.md): the revision it made, or the current one
/// when nothing changed, and its events. `json` is the result as navd sent it: what `--json`
/// prints, and the fields only one method has (a deep link's chain and plan).
public struct OperationResultView: Sendable, Hashable {
    public var revision: Int
    /// True when nothing changed (no revision was made; `events` is empty).
    public var noop: Bool
    public var events: [NavEventView]
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        revision = try fields.int("revision")
        noop = try fields.flag("noop")
        events = try NavEventView.list(try fields.value("events"), at: fields.path("events"))
        self.json = json
    }
}
