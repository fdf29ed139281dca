import NavJSON
import NavigationCore
import NavHistory
import Testing
@testable import NavStore

/// The session is saved with the state (semantics.md 69): after a reopen — as after `kill -9`
/// between the redirect and `session.set` — the flags and the pending request come back, and
/// setting the flag resumes the request.
@Suite struct SessionStoreTests {
    /// Deep links named as the daemon names them, and read back (the daemon uses the
    /// protocol's decoder; this store test knows only the one method it holds).
    static let naming = RequestNaming(
        label: { operation in
            guard case .deeplink(let url, _, _) = operation else { return RequestLabel(method: "other", params: [:]) }
            return RequestLabel(method: "nav.deeplink", params: ["url": .string(url)])
        },
        operation: { request in
            guard request.method == "nav.deeplink", let url = request.params["url"]?.stringValue else { return nil }
            return .deeplink(url: url)
        })

    @Test func flagsAndThePendingRequestSurviveAReopen() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        recorder.navigator.requests = Self.naming
        let held = try recorder.navigator.perform(.deeplink(url: "social://settings/account"))
        guard case .held = held.detail else {
            Issue.record("the link was not held")
            return
        }
        recorder.entries.append(HistoryEntry(
            revision: held.revision, at: recorder.clock + 1,
            cause: HistoryCause(method: "nav.deeplink", params: ["url": "social://settings/account"], client: nil, clientID: "c1"),
            events: held.events, tree: recorder.navigator.tree))
        do {
            let database = try StateDatabase(path: directory.database, app: "sample")
            try database.commit(recorder.entries, state: recorder.navigator)
            database.close()
        }
        let reopened = try StateDatabase(path: directory.database, app: "sample")
        defer { reopened.close() }
        let loaded = try #require(try reopened.load())
        #expect(loaded.snapshot == recorder.navigator.snapshot)
        #expect(loaded.snapshot.session["pending"]?["guard"] == "signedIn")
        var restored = try Navigator(restoring: loaded.snapshot, definition: .sample, requests: Self.naming)
        #expect(restored.session == recorder.navigator.session)
        let change = try restored.setFlags([("signedIn", true)])
        #expect(change.resumed?.method == "nav.deeplink" && change.revision == held.revision + 1)
        #expect(restored.tree.screens[restored.tree.topScreen]?.name == "account")
    }

    /// The session is written to `meta` by the commit that changes it, and only then: a
    /// commit that failed must not count as having written it, or the retry skips it and a
    /// restart restores the session from before.
    @Test func aSessionChangeIsSavedByTheCommitThatMakesItEvenAfterAFailedOne() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        var recorder = Recorder()
        let database = try StateDatabase(path: directory.database, app: "sample")
        try database.commit([recorder.entries[0]], state: recorder.navigator)
        let saved = recorder.navigator.snapshot
        // A revision that changes only the session, committed by itself.
        try recorder.toggleSignedIn()
        try database.connection.execute("CREATE TRIGGER refuse BEFORE INSERT ON revisions WHEN NEW.revision = 2 BEGIN SELECT RAISE(ABORT, 'disk says no'); END")
        #expect(throws: StoreError.self) { try database.commit([recorder.entries[1]], state: recorder.navigator) }
        #expect(try database.load()?.snapshot == saved)
        try database.connection.execute("DROP TRIGGER refuse")
        try database.commit([recorder.entries[1]], state: recorder.navigator)
        #expect(try database.load()?.snapshot == recorder.navigator.snapshot)
        // Unchanged from then on: written once.
        try recorder.route(userId: 1)
        try database.commit([recorder.entries[2]], state: recorder.navigator)
        database.close()
        let reopened = try StateDatabase(path: directory.database, app: "sample")
        defer { reopened.close() }
        let loaded = try #require(try reopened.load())
        #expect(loaded.snapshot == recorder.navigator.snapshot)
        #expect(loaded.snapshot.session["flags"]?["signedIn"] == true)
    }

    @Test func aSnapshotSavedBeforeSessionsRestoresWithEveryFlagFalse() throws {
        var snapshot = Recorder().navigator.snapshot
        snapshot.session = .null
        let restored = try Navigator(restoring: snapshot, definition: .sample, requests: Self.naming)
        #expect(restored.session.values == [false] && restored.session.pending == nil)
    }
}
