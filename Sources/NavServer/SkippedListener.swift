import NavJSON

/// A listener that did not answer usefully: `{client, reason, message}` in the result.
struct SkippedListener: Equatable {
    enum Reason: String {
        case timeout, disconnected, error, badAnswer
    }

    var client: ClientID
    var reason: Reason
    var message: String

}

extension SkippedListener: JSONWritable {
    func writeJSON(into out: inout JSONBuffer) {
        out.append(#"{"client":"#)
        JSONWriter.writeString(client.description, into: &out)
        out.append(#","reason":"#)
        JSONWriter.writeString(reason.rawValue, into: &out)
        out.append(#","message":"#)
        JSONWriter.writeString(message, into: &out)
        out.append(UInt8(ascii: "}"))
    }
}
