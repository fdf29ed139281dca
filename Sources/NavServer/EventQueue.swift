import NavigationCore
import NavJSON

/// The routing events waiting to be handled (Protocol/semantics.md 71–75), one at a time in
/// emit order, and the one `event.handle` request navd is waiting on. A value the server
/// keeps; `NavServer+Events` moves it forward.
struct EventQueue {
    /// Oldest first; the first is the event being handled.
    var pending: [PendingEmit] = []
    /// The `event.handle` request of the first pending event that is waiting for its answer.
    var inFlight: InFlight?
    /// The number of the next `event.handle` request id (`"e1"`, `"e2"`, …).
    var nextRequest = 1
    /// True while the queue is being moved forward: an emit replayed meanwhile only queues.
    var advancing = false

    struct InFlight {
        var requestID: String
        var listener: ClientID
        /// `ServerConfiguration.clock` seconds.
        var deadline: Double
    }
}

/// One `event.emit` waiting for its turn or for a listener's answer.
struct PendingEmit {
    var emitter: ClientID
    /// nil for a notification (never answered).
    var requestID: JSONValue?
    var event: EventDefinition
    /// Validated, defaults filled.
    var payload: JSONObject
    var expectRevision: Int?
    /// The listeners to ask, fixed when the event reaches the head of the queue.
    var candidates: [ClientID]?
    var asked = 0
    var skipped: [SkippedListener] = []
}

/// A listener that did not answer usefully: `{client, reason, message}` in the result.
struct SkippedListener {
    enum Reason: String {
        case timeout, disconnected, error, badAnswer
    }

    var client: ClientID
    var reason: Reason
    var message: String

    var jsonValue: JSONValue {
        ["client": .string(client.description), "reason": .string(reason.rawValue), "message": .string(message)]
    }
}
