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

    @Test func aSnapshotSavedBeforeSessionsRestoresWithEveryFlagFalse() throws {
        var snapshot = Recorder().navigator.snapshot
        snapshot.session = .null
        let restored = try Navigator(restoring: snapshot, definition: .sample, requests: Self.naming)
        #expect(restored.session.values == [false] && restored.session.pending == nil)
    }
}
