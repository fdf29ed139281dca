import Testing
@testable import NavServer
import NavProtocol
import NavigationCore
import NavHistory
import NavJSON

/// The server's side of durable state: every revision reaches the store once, in order, with
/// its cause, grouped per flush (one loop iteration), together with the state after them;
/// nothing reaches it without revisions; a failed commit leaves the revisions pending.
@Suite struct DurabilityTests {
    func harness() -> (Harness, MemoryStore) {
        var configuration = ServerConfiguration()
        configuration.now = { 1_700_000_000_000 }
        let h = Harness(configuration: configuration)
        let store = MemoryStore()
        h.server.persist(to: store, committedThrough: 0)
        return (h, store)
    }

    @Test func theBootRevisionIsTheFirstCommit() throws {
        let (h, store) = harness()
        #expect(h.server.hasUncommittedRevisions)
        try h.server.flushCommits()
        #expect(store.commits.count == 1)
        #expect(store.entries.map(\.revision) == [1])
        #expect(store.entries[0].cause == .daemonStart)
        #expect(store.state == h.server.navigator.snapshot)
        #expect(!h.server.hasUncommittedRevisions)
        // Nothing new: no commit.
        try h.server.flushCommits()
        #expect(store.commits.count == 1)
    }

    @Test func theRevisionsOfOneIterationAreOneCommitWithTheirCauses() throws {
        let (h, store) = harness()
        try h.server.flushCommits()
        let a = h.connect()
        let b = h.connect()
        h.call(a, "daemon.hello", ["name": "writer"])
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 1]])
        h.call(b, "nav.route", ["to": "post", "params": ["postId": 2]])
        h.call(b, "nav.state")
        // Reads only: still two revisions pending.
        try h.server.flushCommits()
        #expect(store.commits.count == 2)
        let commit = store.commits[1]
        #expect(commit.entries.map(\.revision) == [2, 3])
        #expect(commit.entries.map(\.cause) == [
            HistoryCause(method: "nav.route", params: ["to": "post", "params": ["postId": 1]], client: "writer", clientID: "c1"),
            HistoryCause(method: "nav.route", params: ["to": "post", "params": ["postId": 2]], client: nil, clientID: "c2"),
        ])
        #expect(commit.state == h.server.navigator.snapshot)
        #expect(commit.state.revision == 3)
        #expect(try commit.entries.last?.tree == h.server.navigator.tree)
        h.call(a, "nav.close")
        try h.server.flushCommits()
        #expect(store.entries.map(\.revision) == [1, 2, 3, 4])
    }

    @Test func aFailedCommitKeepsTheRevisionsPending() throws {
        let (h, store) = harness()
        try h.server.flushCommits()
        let a = h.connect()
        h.call(a, "nav.route", ["to": "post", "params": ["postId": 1]])
        store.failNext = true
        #expect(throws: MemoryStore.Refused.self) { try h.server.flushCommits() }
        #expect(h.server.hasUncommittedRevisions)
        try h.server.flushCommits()
        #expect(store.entries.map(\.revision) == [1, 2])
    }

    @Test func aRestoredServerCommitsOnlyWhatFollows() throws {
        let (first, store) = harness()
        let a = first.connect()
        first.call(a, "nav.route", ["to": "post", "params": ["postId": 1]])
        try first.server.flushCommits()
        let saved = try #require(store.state)
        var history = History()
        for entry in store.entries { history.append(entry) }
        let restored = NavServer(navigator: try Navigator(restoring: saved, definition: .sample), history: history)
        let again = MemoryStore()
        restored.persist(to: again, committedThrough: saved.revision)
        #expect(!restored.hasUncommittedRevisions)
        try restored.flushCommits()
        #expect(again.commits.isEmpty)
        let b = ClientID(9)
        restored.connect(b)
        var line: [UInt8] = []
        RPCEncoder.request(id: 1, method: "nav.close", params: [:], into: &line)
        _ = line.withUnsafeBytes { restored.receive($0, from: b) }
        try restored.flushCommits()
        #expect(again.entries.map(\.revision) == [3])
        #expect(again.state == restored.navigator.snapshot)
    }

    /// A burst that makes more revisions in one loop iteration than the history keeps: the
    /// store takes its entries from the history, so before the fix the flush committed only the
    /// newest `historyLimit` of them and the database kept a gap (navd then refused to open it).
    /// Every revision reaches the store now, in order, each commit ending with its state.
    @Test func aBurstLongerThanTheHistoryCommitsEveryRevision() throws {
        var configuration = ServerConfiguration()
        configuration.now = { 1_700_000_000_000 }
        configuration.historyLimit = 4
        let h = Harness(configuration: configuration)
        let store = MemoryStore()
        h.server.persist(to: store, committedThrough: 0)
        let a = h.connect()
        var burst = ""
        for index in 1...11 {
            let line = index % 3 == 0
                ? #"{"jsonrpc":"2.0","id":\#(index),"method":"nav.close"}"#
                : #"{"jsonrpc":"2.0","id":\#(index),"method":"nav.route","params":{"to":"post","params":{"postId":\#(index)}}}"#
            burst += line + "\n"
        }
        h.send(burst, from: a)
        try h.server.flushCommits()
        #expect(store.entries.map(\.revision) == Array(1...12))
        #expect(store.commits.count > 1)
        for commit in store.commits {
            #expect(commit.state.revision == commit.entries.last?.revision)
        }
        #expect(store.state == h.server.navigator.snapshot)
        #expect(try store.entries.last?.tree == h.server.navigator.tree)
        #expect(!h.server.hasUncommittedRevisions)
    }

    /// A commit that fails in the middle of a burst fails the flush point too (navd stops
    /// there before writing a response), and every flush after it: the revisions it could not
    /// commit are no longer all in the history.
    @Test func aFailedCommitInsideABurstFailsTheFlush() throws {
        var configuration = ServerConfiguration()
        configuration.historyLimit = 2
        let h = Harness(configuration: configuration)
        let store = MemoryStore()
        h.server.persist(to: store, committedThrough: 0)
        try h.server.flushCommits()
        store.failNext = true
        let a = h.connect()
        var burst = ""
        for index in 1...5 {
            burst += #"{"jsonrpc":"2.0","id":\#(index),"method":"nav.route","params":{"to":"post","params":{"postId":\#(index)}}}"# + "\n"
        }
        h.send(burst, from: a)
        #expect(store.commits.count == 1)
        #expect(throws: MemoryStore.Refused.self) { try h.server.flushCommits() }
        #expect(throws: MemoryStore.Refused.self) { try h.server.flushCommits() }
        #expect(store.entries.map(\.revision) == [1])
    }
}
