import NavRandom
import Testing
@testable import NavigationCore
@testable import NavHistory
@testable import NavJSON
import NavTestSupport

/// The history as a ring of bytes with an index: after every append, against a plain array of
/// what was appended, it keeps the newest `limit` revisions with their bytes, times and trees,
/// across the ring's turns, records larger than what is free, restored entries among written
/// ones, and a limit of 1; its bytes stay bounded, and a warm ring never grows again.
@Suite struct HistoryRingTests {
    /// What the model keeps of an appended revision.
    struct Kept: Equatable {
        var revision: Int
        var at: Int
        var cause: [UInt8]
        var events: [UInt8]
        var written: Bool
        var keepsTree: Bool
    }

    /// A cause of about `size` bytes (its params padded).
    func cause(_ revision: Int, size: Int) -> HistoryCause {
        HistoryCause(
            method: "m", encodedParams: Array(#"{"revision":\#(revision),"pad":""#.utf8) + Array(repeating: UInt8(ascii: "p"), count: size)
                + Array(#""}"#.utf8),
            client: "c", clientID: "c1")
    }

    /// Appends one revision, written as the server writes it or restored or kept with its
    /// tree, of a random size (now and then far larger than the ring's free bytes).
    func appendRandom(_ revision: Int, to history: inout History, model: inout [Kept], random: inout SplitMix64, buffer: inout JSONBuffer) {
        let size = Int.random(in: 0..<20, using: &random) == 0 ? Int.random(in: 2_000...30_000, using: &random) : Int.random(in: 0...300, using: &random)
        let at = 1_000 + revision
        let tree = sampleNavigator().tree
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
            // Restored: its events as stored, unchecked until asked for.
            let events = Array("[\"".utf8) + Array(repeating: UInt8(ascii: "e"), count: size / 2) + Array("\"]".utf8)
            let cause = cause(revision, size: size / 2)
            history.append(HistoryEntry(revision: revision, at: at, cause: cause, encodedEvents: events, rebuildingTree: { tree.encodedJSON }))
            model.append(Kept(revision: revision, at: at, cause: cause.bytes, events: events, written: false, keepsTree: true))
        case 1:
            // navd's own revision, keeping its tree.
            let cause = cause(revision, size: size)
            history.append(HistoryEntry(revision: revision, at: at, cause: cause, events: [], tree: tree))
            model.append(Kept(revision: revision, at: at, cause: cause.bytes, events: Array("[]".utf8), written: true, keepsTree: true))
        default:
            // As `NavServer.remember` writes it: straight into the ring through `buffer`.
            var nav = sampleNavigator()
            let result = try! nav.call("nav.route", ["to": "post", "params": ["postId": .int(revision)]])
            let params = Array(#"{"to":"post","params":{"postId":"#.utf8) + Array("\(revision)".utf8) + Array(#"},"pad":""#.utf8)
                + Array(repeating: UInt8(ascii: "q"), count: size) + Array(#""}"#.utf8)
            let members = HistoryCause.clientMembers(client: "c", clientID: "c1")
            let keeps = Bool.random(using: &random)
            params.withUnsafeBufferPointer {
                history.append(
                    revision: revision, at: at, method: "nav.route", encodedParams: $0, members: members, events: result.events,
                    undo: nav.lastUndo, keeping: keeps ? nav.tree : nil, in: &buffer)
            }
            let cause = HistoryCause(method: "nav.route", encodedParams: params, client: "c", clientID: "c1")
            model.append(Kept(revision: revision, at: at, cause: cause.bytes, events: result.events.encodedJSON, written: true, keepsTree: keeps))
        }
    }

    /// Everything the history says, against the model's newest `limit` entries.
    func check(_ history: History, against model: [Kept], largestKept: Int, sourceLocation: SourceLocation = #_sourceLocation) {
        let kept = Array(model.suffix(history.limit))
        #expect(history.count == kept.count, sourceLocation: sourceLocation)
        #expect(history.oldest == kept.first?.revision && history.latest == kept.last?.revision, sourceLocation: sourceLocation)
        for (index, expected) in kept.enumerated() {
            let entry = history[index]
            let got = Kept(
                revision: entry.revision, at: entry.at, cause: entry.cause.bytes, events: entry.encodedEvents, written: entry.record.header.written,
                keepsTree: entry.keepsTree)
            #expect(got == expected, "index \(index)", sourceLocation: sourceLocation)
        }
        if let newest = kept.last {
            var lent: (revision: Int, cause: [UInt8], events: [UInt8])?
            history.withNewestRecord { lent = ($0.revision, Array($0.cause), Array($0.events)) }
            #expect(lent?.revision == newest.revision && lent?.events == newest.events && lent?.cause == newest.cause, sourceLocation: sourceLocation)
        }
        // Every kept record lies in the ring, and the ring is at most four times the most it
        // ever had to hold (it doubles when a record does not fit).
        #expect(history.bytesKept <= history.byteCapacity, sourceLocation: sourceLocation)
        #expect(history.byteCapacity <= max(RecordRing.minimumCapacity, 4 * largestKept), sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 7, 64])
    func theRingKeepsWhatAnArrayOfTheNewestKeeps(limit: Int) {
        let seed = testSeed("HistoryRingTests.theRingKeepsWhatAnArrayOfTheNewestKeeps(limit: \(limit))")
        var random = SplitMix64(seed: seed)
        var history = History(limit: limit)
        var model: [Kept] = []
        var buffer = JSONBuffer(capacity: 16)
        var revision = 0
        var largestKept = 0
        for _ in 0..<400 {
            revision += Int.random(in: 1...3, using: &random)
            appendRandom(revision, to: &history, model: &model, random: &random, buffer: &buffer)
            let live = model.suffix(limit).reduce(0) { $0 + $1.cause.count + $1.events.count }
            largestKept = max(largestKept, live)
            check(history, against: model, largestKept: largestKept)
        }
    }

    /// Once full of records of one size the ring has room for them: its turns reuse what the
    /// dropped ones freed, and it never grows again however many more come.
    @Test func aWarmRingNeverGrows() {
        var history = History(limit: 50)
        var buffer = JSONBuffer(capacity: 16)
        var nav = sampleNavigator()
        let members = HistoryCause.clientMembers(client: nil, clientID: nil)
        func remember(_ revision: Int) {
            Array(#"{"to":"post"}"#.utf8).withUnsafeBufferPointer {
                history.append(
                    revision: revision, at: revision, method: "nav.route", encodedParams: $0, members: members, events: [],
                    undo: nav.lastUndo, keeping: nil, in: &buffer)
            }
        }
        _ = try? nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        for revision in 1...5_000 { remember(revision) }
        let capacity = history.byteCapacity
        for revision in 5_001...20_000 { remember(revision) }
        #expect(history.byteCapacity == capacity)
        #expect(history.count == 50 && history.oldest == 19_951 && history[0].cause.method == "nav.route")
    }

    /// A record larger than everything the ring holds makes it grow, and every kept record
    /// comes through the move intact, across a turn of the ring.
    @Test func aRecordLargerThanTheFreeBytesGrowsTheRing() {
        var history = History(limit: 8)
        var model: [Kept] = []
        for revision in 1...30 {
            let cause = cause(revision, size: 200 + revision)
            history.append(HistoryEntry(revision: revision, at: revision, cause: cause, events: [], tree: sampleNavigator().tree))
            model.append(Kept(revision: revision, at: revision, cause: cause.bytes, events: Array("[]".utf8), written: true, keepsTree: true))
        }
        let before = history.byteCapacity
        let large = cause(31, size: 3 * before)
        history.append(HistoryEntry(revision: 31, at: 31, cause: large, events: [], tree: sampleNavigator().tree))
        model.append(Kept(revision: 31, at: 31, cause: large.bytes, events: Array("[]".utf8), written: true, keepsTree: true))
        #expect(history.byteCapacity > before)
        check(history, against: model, largestKept: model.suffix(8).reduce(0) { $0 + $1.cause.count + $1.events.count })
    }
}
