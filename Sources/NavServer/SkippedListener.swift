import NavJSON

/// A listener that did not answer usefully: `{client, reason, message}` in the result.
struct SkippedListener: Equatable {
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
