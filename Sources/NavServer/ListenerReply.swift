import NavigationCore
import NavJSON

/// What a listener answered to `event.handle`, read from its JSON-RPC response
/// (`NavServer.reply(result:error:)`).
enum ListenerReply: Equatable {
    /// `{steps: [...]}` with at least one step: the listener handles the event.
    case steps(ListenerSteps)
    /// `{steps: []}`: "not mine".
    case declined
    /// An error object, or an answer of another shape: the listener is skipped.
    case failed(SkippedListener.Reason, String)
}

/// A listener's steps, as it sent them (for the result and the revision's cause) and as the
/// operations they ask for.
struct ListenerSteps: Equatable {
    var steps: [JSONValue]
    var operations: [NavOperation]
}
