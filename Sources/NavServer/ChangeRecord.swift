import NavHistory
import NavJSON

/// One committed revision as `nav.changed` lists it, kept past the revision's fan-out (for a
/// subscriber that lags behind, or the requester's own notification until its response is
/// written): its history entry, copied out of the history's ring, since later revisions write
/// over the ring's bytes. An up-to-date subscriber's notification is written from the ring
/// itself (`NavServer.broadcast`); both write a change with `write(_:events:into:)`.
struct ChangeRecord {
    /// The revision's entry: its record is the cause (`nav.changed` lists it without params)
    /// and the events, as written once.
    var entry: HistoryEntry
    /// The session after the revision, encoded, when the revision changed it (`nav.changed`
    /// carries it then).
    var session: [UInt8]? = nil

    var revision: Int { entry.revision }

    /// At least what `writeJSON` writes (`listedBytes(of:events:)`).
    func listedBytes(events includeEvents: Bool) -> Int {
        var count = 0
        entry.withRecord { count = Self.listedBytes(of: $0, events: includeEvents) }
        return count
    }

    /// `write(_:events:into:)` of the entry's record.
    func writeJSON(events includeEvents: Bool, into out: inout JSONBuffer) {
        entry.withRecord { Self.write($0, events: includeEvents, into: &out) }
    }

    /// At least what `write` writes: the fixed text (32 bytes), the revision's digits, the
    /// cause and the events. A coalesced notification's changes are bounded by this sum
    /// (`maxCoalescedBytes`), so it must never count less than is written.
    static func listedBytes(of record: LentRecord, events includeEvents: Bool) -> Int {
        var digits = 1
        var rest = record.revision
        while rest >= 10 { rest /= 10; digits += 1 }
        return 32 + digits + record.causeCountWithoutParams + (includeEvents ? record.events.count : 0)
    }

    /// `{"revision":…,"cause":{…},"events":[…]}` (events only when asked for), copied from
    /// the revision's record.
    static func write(_ record: LentRecord, events includeEvents: Bool, into out: inout JSONBuffer) {
        JSONWriter.raw(#"{"revision":"#, into: &out)
        JSONWriter.writeInt(record.revision, into: &out)
        JSONWriter.raw(#","cause":"#, into: &out)
        record.writeCauseJSONWithoutParams(into: &out)
        if includeEvents {
            JSONWriter.raw(#","events":"#, into: &out)
            out.append(record.events)
        }
        out.append(UInt8(ascii: "}"))
    }
}
