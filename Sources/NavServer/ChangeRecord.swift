import NavProtocol
import NavJSON

/// What an `event.emit`'s revision adds to its cause: the event, who handled it, and the
/// steps applied (encoded once, a JSON array).
struct EventCause {
    var name: String
    var by: String
    var steps: [UInt8]
}

/// One committed revision as `nav.changed` lists it.
struct ChangeRecord {
    var revision: Int
    var method: String
    var client: ClientID
    var clientName: String?
    /// The revision's events, encoded once (a JSON array).
    var events: [UInt8]
    /// The session after the revision, encoded, when the revision changed it (`nav.changed`
    /// carries it then).
    var session: [UInt8]? = nil
    /// An `event.emit`'s revision: the event and who handled it (`"definition"` or a client id).
    var event: EventCause? = nil

    /// About what `writeJSON` writes: the fixed text, the method, the name and the events.
    /// A coalesced notification's changes are bounded by this sum (`maxCoalescedBytes`).
    func listedBytes(events includeEvents: Bool) -> Int {
        80 + method.utf8.count + (clientName?.utf8.count ?? 0) + (includeEvents ? events.count : 0)
            + (event.map { 30 + $0.name.utf8.count + $0.by.utf8.count + $0.steps.count } ?? 0)
    }

    /// `{"revision":…,"cause":{…},"events":[…]}` (events only when asked for).
    func writeJSON(events includeEvents: Bool, into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"revision":"#, into: &out)
        JSONWriter.writeInt(revision, into: &out)
        JSONWriter.raw(#","cause":{"method":"#, into: &out)
        JSONWriter.writeString(method, into: &out)
        JSONWriter.raw(#","client":"#, into: &out)
        if let clientName { JSONWriter.writeString(clientName, into: &out) } else { JSONWriter.raw("null", into: &out) }
        JSONWriter.raw(#","clientId":"c"#, into: &out)
        JSONWriter.writeInt(Int(client.raw), into: &out)
        out.append(UInt8(ascii: "\""))
        if let event {
            JSONWriter.raw(#","event":"#, into: &out)
            JSONWriter.writeString(event.name, into: &out)
            JSONWriter.raw(#","by":"#, into: &out)
            JSONWriter.writeString(event.by, into: &out)
            JSONWriter.raw(#","steps":"#, into: &out)
            out.append(event.steps)
        }
        out.append(UInt8(ascii: "}"))
        if includeEvents {
            JSONWriter.raw(#","events":"#, into: &out)
            out.append(events)
        }
        out.append(UInt8(ascii: "}"))
    }
}
