import NavClient
import NavigationCore
import NavviewKit
import Testing
import NavJSON

/// History mode: `[` and `]` step through past revisions read-only, fetching a window of
/// entries at a time; new revisions keep arriving and the status says how far behind live
/// the shown one is; `]` past the newest or Esc returns to live.
@Suite("navview: time travel")
struct TimeTravelTests {
    static func entry(_ revision: Int) -> HistoryEntryView {
        HistoryEntryView(
            revision: revision, at: 0, cause: HistoryCauseView(method: "nav.route", clientID: "c2"),
            root: FlowView(id: "f1", flow: "feed", kind: .stack, screens: [ScreenView(id: "s\(revision)", screen: "feedList", flow: "f1")]))
    }

    /// What navd answers `nav.history {since, limit, tree: true}` with `kept` revisions kept:
    /// the first `limit` after `since`.
    static func answer(since: Int, limit: Int, kept: ClosedRange<Int>) -> HistoryView {
        let revisions = kept.filter { $0 > since }.prefix(limit)
        return HistoryView(entries: revisions.map(entry), oldest: kept.lowerBound, latest: kept.upperBound)
    }

    @Test func stepsBackAndForthFetchingAWindowAtATime() {
        var travel = TimeTravel(window: 50)
        let kept = 1...120
        var fetches = 0
        func step(_ step: TimeTravel.Step) -> TimeTravel.Step {
            guard case .fetch(let since, let limit) = step else { return step }
            fetches += 1
            return travel.fetched(Self.answer(since: since, limit: limit, kept: kept))
        }
        #expect(travel.back(latest: 120) == .fetch(since: 69, limit: 50))
        #expect(travel.fetched(Self.answer(since: 69, limit: 50, kept: kept)) == .show(119))
        for expected in (10...118).reversed() {
            #expect(step(travel.back(latest: 120)) == .show(expected))
        }
        #expect(fetches == 2, "119 steps back made \(fetches) fetches after the first")
        #expect(travel.position == 10)
        #expect(step(travel.forward(latest: 120)) == .show(11))
        #expect(travel.goLive() == .live)
        #expect(travel.isLive && travel.shown == nil)
    }

    @Test func forwardPastTheNewestIsLiveAndNewRevisionsExtendTheRange() {
        var travel = TimeTravel(window: 10)
        #expect(travel.back(latest: 5) == .fetch(since: 0, limit: 10))
        #expect(travel.fetched(Self.answer(since: 0, limit: 10, kept: 1...5)) == .show(4))
        #expect(travel.forward(latest: 5) == .show(5))
        // r6 arrived meanwhile: `]` goes on to it (fetched: it was not in the window).
        #expect(travel.forward(latest: 6) == .fetch(since: 5, limit: 10))
        #expect(travel.fetched(Self.answer(since: 5, limit: 10, kept: 1...6)) == .show(6))
        #expect(travel.forward(latest: 6) == .live)
        #expect(travel.forward(latest: 6) == .refused("already live"))
    }

    @Test func theOldestKeptRevisionIsTheEnd() {
        var travel = TimeTravel(window: 10)
        #expect(travel.back(latest: 30) == .fetch(since: 19, limit: 10))
        #expect(travel.fetched(Self.answer(since: 19, limit: 10, kept: 28...30)) == .show(29))
        #expect(travel.back(latest: 30) == .show(28))
        #expect(travel.back(latest: 30) == .refused("r28 is the oldest revision navd keeps"))
        #expect(travel.position == 28)
        // A revision navd dropped while the fetch was on its way.
        var late = TimeTravel(window: 10)
        #expect(late.back(latest: 30) == .fetch(since: 19, limit: 10))
        #expect(late.fetched(Self.answer(since: 19, limit: 10, kept: 30...30)) == .refused("navd no longer keeps r29 (it keeps r30–r30)"))
        #expect(late.isLive && late.wanted == nil)
    }

    @Test func oneFetchAtATime() {
        var travel = TimeTravel(window: 10)
        #expect(travel.back(latest: 30) == .fetch(since: 19, limit: 10))
        #expect(travel.back(latest: 30) == .refused("still fetching r29"))
        travel.fetchFailed()
        #expect(travel.back(latest: 30) == .fetch(since: 19, limit: 10))
    }

    @Test func keepsAtMostItsCapacity() {
        var travel = TimeTravel(window: 50, capacity: 100)
        var step = travel.back(latest: 400)
        while case .fetch(let since, let limit) = step { step = travel.fetched(Self.answer(since: since, limit: limit, kept: 1...400)) }
        for _ in 0..<300 {
            step = travel.back(latest: 400)
            while case .fetch(let since, let limit) = step { step = travel.fetched(Self.answer(since: since, limit: limit, kept: 1...400)) }
            #expect(travel.entries.count <= 150)
            #expect(travel.shown?.revision == travel.position)
        }
        #expect(travel.position == 99)
    }
}
