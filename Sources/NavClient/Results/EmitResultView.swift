public import NavJSON

/// What `event.emit` answered: who handled the event (`"definition"` or a listener's client
/// id) and the change its steps made, or nobody (nothing changed); the listeners navd skipped.
/// `json` is the result as navd sent it, for `--json`.
public struct EmitResultView: Sendable, Hashable {
    /// A listener that did not answer usefully (`timeout`, `disconnected`, `error`, `badAnswer`).
    public struct Skipped: Sendable, Hashable {
        public var client: String
        public var reason: String
        public var message: String
    }

    /// The revision the steps made, or the current one when nothing changed.
    public var revision: Int
    /// Who handled it, with the change its steps made; nil when nobody did.
    public var handled: (by: String, change: OperationResultView)? {
        guard let handledBy, let change else { return nil }
        return (handledBy, change)
    }
    public var skipped: [Skipped]
    public var json: JSONValue

    private var handledBy: String?
    private var change: OperationResultView?

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$")
        revision = try fields.int("revision")
        if try fields.flag("handled") {
            handledBy = try fields.string("by")
            change = try OperationResultView(json: json)
        }
        skipped = []
        for (index, entry) in try fields.array("skipped").enumerated() {
            let listener = try JSONFields(entry, at: "\(fields.path("skipped"))[\(index)]")
            skipped.append(Skipped(
                client: try listener.string("client"), reason: try listener.string("reason"), message: try listener.string("message")))
        }
        self.json = json
    }
}
