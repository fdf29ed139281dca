import NavigationCore
import NavJSON

/// What an `event.emit` answers.
struct EmitOutcome {
    /// nil when nobody handled the event (`handled: false`).
    var handling: Handling?
    var revision: Int
    var skipped: [SkippedListener]

    struct Handling {
        /// `"definition"` or the listener's client id.
        var by: String
        /// The steps as written once: the answer and the revision's cause copy them.
        var steps: [UInt8]
        var result: OperationResult
        /// Whether the steps made a revision (`revision`, the history's newest when the
        /// outcome is answered).
        var committed: Bool
    }

    /// Whether the event made a revision: its answer copies that revision's events from the
    /// history.
    var committed: Bool { handling?.committed ?? false }

    /// The answer; `events` are the events of the revision it made, as the history's record
    /// holds them (`nil` when it made none: the result's events are written).
    func writeJSON(into out: inout JSONBuffer, events: UnsafeBufferPointer<UInt8>?) {
        if let handling {
            // The apply's result object, its closing brace replaced by the emit's own members.
            handling.result.writeJSON(into: &out, encodedEvents: events)
            out.removeLast()
            JSONWriter.raw(#","handled":true,"by":"#, into: &out)
            JSONWriter.writeString(handling.by, into: &out)
            JSONWriter.raw(#","steps":"#, into: &out)
            out.append(handling.steps)
        } else {
            JSONWriter.raw(#"{"revision":"#, into: &out)
            JSONWriter.writeInt(revision, into: &out)
            JSONWriter.raw(#","handled":false"#, into: &out)
        }
        if !skipped.isEmpty {
            JSONWriter.raw(#","skipped":"#, into: &out)
            JSONWriter.writeArray(skipped, into: &out)
        }
        out.append(UInt8(ascii: "}"))
    }
}
