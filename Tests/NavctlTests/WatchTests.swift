@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// `navctl watch` against the in-process navd: other clients change the state while it
/// waits; one line per revision, --count, --json, the shutdown notice.
@Suite("watch: one line per change")
struct WatchTests {
    let navd = InProcessNavd()

    /// Each time the watcher waits, the next move is made.
    func moves(_ steps: [() throws -> Void]) {
        var remaining = steps
        navd.whenIdle = {
            guard !remaining.isEmpty else { return false }
            do {
                try remaining.removeFirst()()
            } catch {
                Issue.record("a move failed: \(error)")
            }
            return true
        }
    }

    @Test func linesUntilTheCount() {
        moves([
            { try navd.call("nav.route", ["to": "post", "params": ["postId": 5]], as: "alice") },
            { try navd.call("nav.selectTab", ["tab": "chats"], as: "bob") },
            { try navd.call("nav.selectTab", ["tab": "feed"], as: "bob") },
        ])
        #expect(navd.run("watch --count 2") == Outcome(status: 0, stdout: """
            watching from r1 (instance 9f2c41d0)
            r2 nav.route by alice: willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post
            r3 nav.selectTab by bob: willHide s5 post, tabSelected f1 chats, willShow s3 chatList

            """))
    }

    @Test func jsonIsNDJSON() throws {
        moves([{ try navd.call("nav.selectTab", ["tab": 1]) }])
        let outcome = navd.run("watch --count 1 --json")
        #expect(outcome.status == 0)
        let lines = outcome.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let message = try JSONParser.parse(String(lines[0]))
        #expect(message["method"] == "nav.changed")
        #expect(message["params"]?["revision"] == 2)
        #expect(message["params"]?["root"] == nil)
    }

    @Test func aShutdownEndsTheWatchCleanly() {
        moves([
            { try navd.call("nav.route", ["to": "compose"]) },
            { navd.deliver(navd.server.shutdown(reason: "SIGTERM")) },
        ])
        #expect(navd.run("watch") == Outcome(status: 0, stdout: """
            watching from r1 (instance 9f2c41d0)
            r2 nav.route by other: willHide s1 feedList, flowStarted f6 compose, enter s5 composePost (present), willShow s5 composePost
            navd is shutting down (SIGTERM)

            """))
    }

    @Test func losingNavdWithoutShutdownExitsThree() {
        moves([])
        #expect(navd.run("watch") == Outcome(
            status: 3, stdout: "watching from r1 (instance 9f2c41d0)\n",
            stderr: "navctl: lost the connection to navd: navd closed the connection\n"))
    }

    @Test func reconnectingWatchSurvivesARestart() {
        var restarted = false
        moves([
            { try navd.call("nav.selectTab", ["tab": "chats"], as: "alice") },
            {
                // navd goes away: the watcher's connection ends; the next connection works again.
                for id in navd.server.clientIDs { navd.deliver([.close(id, reason: "restart")]) }
                restarted = true
            },
            { try navd.call("nav.selectTab", ["tab": "feed"], as: "alice") },
        ])
        #expect(navd.run("watch --count 2 --reconnect") == Outcome(status: 0, stdout: """
            watching from r1 (instance 9f2c41d0)
            r2 nav.selectTab by alice: willHide s1 feedList, tabSelected f1 chats, willShow s3 chatList
            lost navd (navd closed the connection); waiting for it
            navd is back: watching from r2 (instance 9f2c41d0)
            r3 nav.selectTab by alice: willHide s3 chatList, tabSelected f1 feed, willShow s1 feedList

            """))
        #expect(restarted)
    }
}
