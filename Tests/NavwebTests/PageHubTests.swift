import NavJSON
import Testing
@testable import NavwebKit

@Suite struct PageHubTests {
    func state(_ revision: Int) -> JSONObject { ["kind": "state", "revision": .int(revision)] }
    func change(_ revision: Int) -> JSONObject { ["kind": "change", "revision": .int(revision), "baseRevision": .int(revision - 1)] }

    func revision(_ message: String?) throws -> (String, Int) {
        let value = try JSONParser.parse(try #require(message))
        return (try #require(value["kind"]?.stringValue), try #require(value["revision"]?.intValue))
    }

    @Test func aNewPageStartsFromTheLatestStateThenGetsEveryChangeInOrder() async throws {
        let hub = PageHub(feedLimit: 100)
        hub.publishState(state(1))
        let feed = hub.open()
        for r in 2...50 { hub.publishChange(change(r), state: state(r)) }
        #expect(try revision(await feed.next()) == ("state", 1))
        for r in 2...50 { #expect(try revision(await feed.next()) == ("change", r)) }
        #expect(feed.queued == 0)
    }

    @Test func twoPagesGetTheSameChangesInTheSameOrder() async throws {
        let hub = PageHub(feedLimit: 100)
        hub.publishState(state(1))
        let a = hub.open(), b = hub.open()
        for r in 2...20 { hub.publishChange(change(r), state: state(r)) }
        for feed in [a, b] {
            _ = await feed.next()
            for r in 2...20 { #expect(try revision(await feed.next()).1 == r) }
        }
    }

    /// A page that does not read holds at most `feedLimit` messages; when it falls behind, it
    /// gets the whole state and the changes after it, which chain from it.
    @Test func aPageThatFallsBehindStartsOverFromTheState() async throws {
        let hub = PageHub(feedLimit: 4)
        hub.publishState(state(1))
        let slow = hub.open()
        let reader = hub.open()
        for r in 2...30 {
            hub.publishChange(change(r), state: state(r))
            #expect(slow.queued <= 4)
            if r == 2 { _ = await reader.next() }
            #expect(try revision(await reader.next()).1 == r)
        }
        #expect(slow.resyncs > 0)
        var messages: [(String, Int)] = []
        while slow.queued > 0 { messages.append(try revision(await slow.next())) }
        let first = try #require(messages.first)
        #expect(first.0 == "state")
        #expect(messages.map(\.1) == Array(first.1...30))
        #expect(messages.dropFirst().allSatisfy { $0.0 == "change" })
        #expect(reader.resyncs == 0)
    }

    @Test func aClosedPageIsForgottenAndItsReaderEnds() async {
        let hub = PageHub()
        let feed = hub.open()
        _ = await feed.next()
        let waiting = Task { await feed.next() }
        hub.close(feed)
        #expect(await waiting.value == nil)
        #expect(hub.pages == 0)
        hub.publishChange(change(2), state: state(2))
        #expect(await feed.next() == nil)
    }

    @Test func theStatusReachesPagesAndMarksTheLatestState() async throws {
        let hub = PageHub()
        hub.publishState(state(3))
        let feed = hub.open()
        _ = await feed.next()
        hub.publishStatus(connected: false, note: "navd went away")
        let status = try JSONParser.parse(try #require(await feed.next()))
        #expect(status["kind"] == "status")
        #expect(status["connected"] == false)
        let current = try JSONParser.parse(hub.current())
        #expect(current["revision"] == 3)
        #expect(current["connected"] == false)
        #expect(current["note"] == "navd went away")
    }
}
