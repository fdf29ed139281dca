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
    /// Counts `events.listen` calls: a listener's place in the order listeners are asked.
    var listenCalls = 0
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

/// What an `event.emit` answers.
struct EmitOutcome {
    /// nil when nobody handled the event (`handled: false`).
    var handling: Handling?
    var revision: Int
    var skipped: [SkippedListener]

    struct Handling {
        /// `"definition"` or the listener's client id.
        var by: String
        var steps: [JSONValue]
        var result: OperationResult
        var events: [UInt8]?
    }

    func writeJSON(into out: inout JSONBuffer) {
        if let handling {
            // The apply's result object, its closing brace replaced by the emit's own members.
            handling.result.writeJSON(into: &out, encodedEvents: handling.events)
            out.removeLast()
            JSONWriter.raw(#","handled":true,"by":"#, into: &out)
            JSONWriter.writeString(handling.by, into: &out)
            JSONWriter.raw(#","steps":"#, into: &out)
            JSONWriter.write(.array(handling.steps), into: &out)
        } else {
            JSONWriter.raw(#"{"revision":"#, into: &out)
            JSONWriter.writeInt(revision, into: &out)
            JSONWriter.raw(#","handled":false"#, into: &out)
        }
        if !skipped.isEmpty {
            JSONWriter.raw(#","skipped":"#, into: &out)
            JSONWriter.write(.array(skipped.map(\.jsonValue)), into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
