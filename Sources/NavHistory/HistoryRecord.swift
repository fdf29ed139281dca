/// A history entry's bytes, copied out of the history's ring (`History`) into one allocation
/// for a reader that holds the entry (`nav.history`'s pages, the store's rows, tests): the
/// cause's JSON (`{"method":…,"params":…,…}`), then the events' JSON array, after a header
/// that says where they part.
///
/// Written once and never changed, so shared freely between threads (hence unchecked:
/// `ManagedBuffer` is not `Sendable`); its bytes are read only through `withBytes`.
struct HistoryRecord: @unchecked Sendable {
    private let storage: ManagedBuffer<Header, UInt8>

    struct Header {
        /// How many bytes follow.
        let count: Int
        /// Where the cause ends and the events begin.
        let causeEnd: Int
        /// Where `,"params":{…}` lies in the cause (with the comma that parts it from a
        /// neighbour): what `nav.changed` leaves out.
        let params: Range<Int>
        /// Whether the bytes were written by navd in this process (else read from a store,
        /// and checked before they are copied into an answer).
        let written: Bool
    }

    /// A record of `cause` followed by `events`, copied.
    static func make(
        cause: UnsafeBufferPointer<UInt8>, events: UnsafeBufferPointer<UInt8>, params: Range<Int>, written: Bool
    ) -> HistoryRecord {
        let count = cause.count + events.count
        let storage = ManagedBuffer<Header, UInt8>.create(minimumCapacity: count) { _ in
            Header(count: count, causeEnd: cause.count, params: params, written: written)
        }
        storage.withUnsafeMutablePointerToElements { elements in
            if let base = cause.baseAddress { elements.initialize(from: base, count: cause.count) }
            if let base = events.baseAddress { (elements + cause.count).initialize(from: base, count: events.count) }
        }
        return HistoryRecord(storage: storage)
    }

    /// A record of the first `causeEnd` bytes of `bytes` as the cause, the rest as the events,
    /// copied.
    static func make(_ bytes: UnsafeBufferPointer<UInt8>, causeEnd: Int, params: Range<Int>, written: Bool) -> HistoryRecord {
        make(
            cause: UnsafeBufferPointer(rebasing: bytes[..<causeEnd]), events: UnsafeBufferPointer(rebasing: bytes[causeEnd...]),
            params: params, written: written)
    }

    var header: Header { storage.header }
    var causeRange: Range<Int> { 0..<header.causeEnd }
    var eventsRange: Range<Int> { header.causeEnd..<header.count }

    /// Calls `body` with the bytes of `range`.
    func withBytes<R, E: Error>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        let all = storage.withUnsafeMutablePointerToElements { UnsafeBufferPointer(start: $0, count: storage.header.count) }
        defer { withExtendedLifetime(storage) {} }
        return try body(UnsafeBufferPointer(rebasing: all[range]))
    }

    /// The bytes of `range`, copied into an array.
    func bytes(_ range: Range<Int>) -> [UInt8] {
        withBytes(range) { Array($0) }
    }
}
