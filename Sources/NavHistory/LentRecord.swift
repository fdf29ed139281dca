public import NavJSON

/// A revision's record read where it lies, lent to a closure for the time of the call: the
/// newest one in the history's ring (`History.withNewestRecord`), or an entry's own copy
/// (`HistoryEntry.withRecord`). Nothing is copied out to lend it: the answer and `nav.changed`
/// copy its bytes straight into what they write.
///
/// Valid only inside the closure that lends it: the ring's bytes are written over by later
/// revisions, so neither the record nor its buffers may be kept past the call.
public struct LentRecord {
    /// The revision whose record this is.
    public let revision: Int
    /// The cause's JSON, then the events'.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the cause ends and the events begin.
    private let causeEnd: Int
    /// Where `,"params":{…}` lies in the cause (with the comma that parts it from a neighbour).
    private let params: Range<Int>

    init(revision: Int, bytes: UnsafeBufferPointer<UInt8>, causeEnd: Int, params: Range<Int>) {
        self.revision = revision
        self.bytes = bytes
        self.causeEnd = causeEnd
        self.params = params
    }

    /// The cause's JSON (`HistoryCause.bytes`).
    public var cause: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[..<causeEnd])
    }

    /// The events' JSON array, as the answer splices it in.
    public var events: UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: bytes[causeEnd...])
    }

    /// The cause's JSON without its params, as `nav.changed` lists it
    /// (`HistoryCause.writeJSONWithoutParams`).
    public func writeCauseJSONWithoutParams(into out: inout JSONBuffer) {
        out.append(UnsafeBufferPointer(rebasing: bytes[..<params.lowerBound]))
        out.append(UnsafeBufferPointer(rebasing: bytes[params.upperBound..<causeEnd]))
    }

    /// How many bytes `writeCauseJSONWithoutParams` writes.
    public var causeCountWithoutParams: Int { causeEnd - params.count }
}
