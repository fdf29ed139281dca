import NavClient
import NavJSON
import Testing
@testable import NavwebKit

/// Every revision reaches the pages with its cause and events, in order, whatever navd told
/// navweb's subscription: each change, several coalesced, coalesced with the older ones' events
/// left out (`truncated`), or nothing at all (a gap): what navd left out is read back from
/// `nav.history`, following its `more: true` pages.
@Suite struct NavdFollowerTests {
    /// What a page got once navweb subscribed to `navd` and `script` made its changes and
    /// told them (`steps` notifications): each message of its feed, parsed.
    func follow(_ navd: FakeNavd, steps: Int, _ script: (FakeNavd) throws -> Void) async throws -> [JSONValue] {
        let hub = PageHub(feedLimit: 10_000)
        let feed = hub.open()
        // Before navd is reached, a page is told so.
        #expect(try JSONParser.parse(try #require(await feed.next()))["kind"] == "status")
        let follower = NavdFollower(socketPath: "/run/navweb-test/navd.sock", hub: hub, connector: { _, _ in navd.connect() })
        #expect(follower.step(timeout: 0) == nil)
        try script(navd)
        for _ in 0..<steps { #expect(follower.step(timeout: 0) == nil) }
        var messages: [JSONValue] = []
        while feed.queued > 0 { messages.append(try JSONParser.parse(try #require(await feed.next()))) }
        return messages
    }

    /// The first message is the subscription's state; each change after it applies to the
    /// revision before it. Answers the revisions the changes carry, in the order they came,
    /// and their event lines as text.
    func chain(_ messages: [JSONValue]) throws -> (revisions: [Int], lines: [String]) {
        let first = try #require(messages.first)
        #expect(first["kind"] == "state")
        var shown = try #require(first["revision"]?.intValue)
        var revisions: [Int] = []
        var lines: [String] = []
        for message in messages.dropFirst() {
            #expect(message["kind"] == "change")
            #expect(message["baseRevision"]?.intValue == shown)
            shown = try #require(message["revision"]?.intValue)
            revisions += (message["revisions"]?.arrayValue ?? []).compactMap(\.intValue)
            for line in message["events"]?.arrayValue ?? [] {
                lines.append((line.arrayValue ?? []).compactMap { $0[0]?.stringValue }.joined())
            }
        }
        return (revisions, lines)
    }

    /// The same 22 changes told one by one, and told as navd tells a subscriber that falls
    /// behind (coalesced, truncated, lost), reach the page as the same revisions with the
    /// same causes and events.
    @Test func everyRevisionIsShownInOrderWhenNavdLeftItsEventsOut() async throws {
        let expected = try chain(try await follow(FakeNavd(), steps: 22) { navd in
            for _ in 0..<22 {
                try navd.change()
                navd.notify()
            }
        })
        #expect(expected.revisions == Array(2...23))

        let behind = FakeNavd()
        let got = try chain(try await follow(behind, steps: 5) { navd in
            try navd.change()
            navd.notify()
            for _ in 0..<3 { try navd.change() }
            navd.notify()  // coalesced: r3–r5, all listed
            for _ in 0..<10 { try navd.change() }
            navd.notify(keepLast: 2)  // truncated: r6–r13 left out, r14 and r15 listed
            for _ in 0..<5 { try navd.change() }
            navd.lose()  // r16–r20 never told
            for _ in 0..<2 { try navd.change() }
            navd.notify()  // r21–r22 from r20: a gap, so nav.state, and r16–r22 from the history
            try navd.change()
            navd.notify()  // r23
        })
        #expect(got.revisions == expected.revisions)
        let notes = got.lines.filter { $0.hasPrefix("—") }
        #expect(notes == ["— re-fetched: gap: an update from revision 20 while the last one was 15"])
        #expect(got.lines.filter { !$0.hasPrefix("—") } == expected.lines)
        #expect(behind.calls.filter { $0 == "nav.history" }.count == 3 + 3, "r6–r13 and r16–r22 in pages of 3")
        #expect(behind.calls.contains("nav.state"))
    }

    /// Revisions the history no longer keeps are said to be lost; those it keeps are shown.
    @Test func whatTheHistoryNoLongerKeepsIsSaidToBeLost() async throws {
        let navd = FakeNavd()
        navd.keep = 3
        let got = try chain(try await follow(navd, steps: 1) { navd in
            for _ in 0..<10 { try navd.change() }
            navd.notify(keepLast: 1)
        })
        #expect(got.revisions == [9, 10, 11])
        #expect(got.lines.first == "— navd's history no longer keeps r2–r8: their events are lost (the tree is whole)")
    }
}
