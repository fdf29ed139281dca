import NavHistory
import NavJSON

/// One committed revision as `nav.changed` lists it: the bytes its history entry holds, copied.
struct ChangeRecord {
    var revision: Int
    /// The revision's cause, as the history keeps it (`nav.changed` lists it without params).
    var cause: HistoryCause
    /// The revision's events, encoded once (a JSON array).
    var events: [UInt8]
    /// The session after the revision, encoded, when the revision changed it (`nav.changed`
    /// carries it then).
    var session: [UInt8]? = nil

    /// At least what `writeJSON` writes: the fixed text (32 bytes), the revision's digits, the
    /// cause and the events. A coalesced notification's changes are bounded by this sum
    /// (`maxCoalescedBytes`), so it must never count less than is written.
    func listedBytes(events includeEvents: Bool) -> Int {
        var digits = 1
        var rest = revision
        while rest >= 10 { rest /= 10; digits += 1 }
        return 32 + digits + cause.countWithoutParams + (includeEvents ? events.count : 0)
    }

    /// `{"revision":…,"cause":{…},"events":[…]}` (events only when asked for).
    func writeJSON(events includeEvents: Bool, into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"revision":"#, into: &out)
        JSONWriter.writeInt(revision, into: &out)
        JSONWriter.raw(#","cause":"#, into: &out)
        cause.writeJSONWithoutParams(into: &out)
        if includeEvents {
            JSONWriter.raw(#","events":"#, into: &out)
            out.append(events)
        }
        out.append(UInt8(ascii: "}"))
    }
}
