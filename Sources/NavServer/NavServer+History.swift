import NavProtocol
import NavigationCore
import NavJSON

/// The history of committed revisions and the methods that read it or travel through it
/// (docs/protocol.md: `nav.history`, `nav.goto`, `nav.reset`).
extension NavServer {
    /// Keeps a committed revision. The tree is the navigator's value, shared until the
    /// navigator edits it (copy-on-write): nothing is encoded per revision.
    func remember(_ result: OperationResult, cause: HistoryCause) {
        history.append(HistoryEntry(revision: result.revision, at: configuration.now(), cause: cause, events: result.events, tree: engine.tree))
    }

    /// `{entries, oldest, latest}`, newest last.
    func historyJSON(since: Int?, limit: Int, tree: Bool) throws(NavError) -> JSONValue {
        var entries: [JSONValue] = []
        for entry in history.entries(since: since, limit: limit) {
            do {
                entries.append(try entry.jsonValue(includingTree: tree))
            } catch {
                throw damaged(entry, error)
            }
        }
        return [
            "entries": .array(entries),
            "oldest": history.oldest.map(JSONValue.int) ?? .null,
            "latest": history.latest.map(JSONValue.int) ?? .null,
        ]
    }

    /// `nav.goto {revision, expectRevision?}`: the tree of a revision the history still has,
    /// current again as a new revision (or a no-op when it is the current tree).
    func goto(_ revision: Int, expectRevision: Int?, in read: inout ReadBatch) throws(NavError) -> CallResult {
        try checkExpected(expectRevision)
        guard let entry = history.entry(revision: revision) else { throw historyGone(revision) }
        let tree: NavigationTree
        do {
            tree = try entry.tree
        } catch {
            throw damaged(entry, error)
        }
        let result = try engine.goto(tree, expectRevision: expectRevision)
        guard !result.noop else { return .operation(result, events: nil) }
        var params: JSONObject = ["revision": .int(revision)]
        if let expectRevision { params["expectRevision"] = .int(expectRevision) }
        return committed(result, method: .navGoto, params: .object(params), sessionChanged: result.changedPending, in: &read)
    }

    /// `nav.reset {expectRevision?}`: the boot tree with fresh ids, as a new revision.
    func reset(expectRevision: Int?, in read: inout ReadBatch) throws(NavError) -> CallResult {
        let result = try engine.reset(expectRevision: expectRevision)
        var params: JSONObject = [:]
        if let expectRevision { params["expectRevision"] = .int(expectRevision) }
        return committed(result, method: .navReset, params: .object(params), sessionChanged: result.changedPending, in: &read)
    }

    /// `-32005` before anything else, as for every mutation.
    private func checkExpected(_ expectRevision: Int?) throws(NavError) {
        if let expectRevision, expectRevision != engine.revision {
            throw .conflict("revision", expected: .int(expectRevision), actual: .int(engine.revision))
        }
    }

    /// `-32603`: a restored entry whose stored events or tree do not read back (the database
    /// was changed under navd's feet). The request fails; nothing else does.
    private func damaged(_ entry: HistoryEntry, _ error: TreeDecodingError) -> NavError {
        .internalError("revision \(entry.revision) of the saved history cannot be read: \(error.message)")
    }

    /// `-32012`: `data: {revision, oldest, latest}`.
    func historyGone(_ revision: Int) -> NavError {
        let kept = history.oldest.map { "the history keeps revisions \($0) to \(history.latest!)" } ?? "the history is empty"
        return NavError(
            .historyGone, "revision \(revision) is not in the history (\(kept))",
            data: [
                "revision": .int(revision), "oldest": history.oldest.map(JSONValue.int) ?? .null,
                "latest": history.latest.map(JSONValue.int) ?? .null,
            ])
    }
}
