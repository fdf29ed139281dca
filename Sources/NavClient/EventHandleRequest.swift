public import NavJSON

/// `event.handle`'s params: the event navd asks this listener to handle, its payload
/// (validated, defaults filled), the revision and the top screen when navd asks. `json` is the
/// params as navd sent them.
public struct EventHandleRequest: Sendable, Hashable {
    /// The top screen instance when navd asked.
    public struct Top: Sendable, Hashable {
        public var id: String
        public var screen: String
        public var params: JSONObject

        public init(id: String, screen: String, params: JSONObject) {
            self.id = id
            self.screen = screen
            self.params = params
        }
    }

    public var event: String
    public var payload: JSONObject
    public var revision: Int
    public var top: Top
    public var json: JSONValue

    public init(json: JSONValue) throws(ViewDecodingError) {
        let fields = try JSONFields(json, at: "$.params")
        let topFields = try JSONFields(try fields.value("top"), at: fields.path("top"))
        event = try fields.string("event")
        payload = try fields.objectValue("payload")
        revision = try fields.int("revision")
        top = Top(id: try topFields.string("id"), screen: try topFields.string("screen"), params: try topFields.objectValue("params"))
        self.json = json
    }
}
