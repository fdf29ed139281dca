import NavigationCore
import NavJSON

/// One `event.emit` waiting for its turn or for its listeners' answers.
struct PendingEmit {
    var emitter: ClientID
    /// nil for a notification (never answered).
    var requestID: JSONValue?
    var event: EventDefinition
    /// Validated, defaults filled.
    var payload: JSONObject
    var expectRevision: Int?
    /// The request's params as received, copied out of its line (the emit may wait longer than
    /// the line is kept): its revision's cause.
    var params: [UInt8] = []
}
