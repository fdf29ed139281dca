import NavJSON
import NavSpelling
/// `session.set` (docs/guards.md): flags merge; a change is a revision; when the flag the
/// pending request waits for becomes true, the same revision finishes the redirect (result
/// `"satisfied"`) and applies the request, or, when another of its guards still fails, holds
/// it again for that guard with that guard's redirect open (chained guards, step by step).
extension Navigator {
    /// Sets the named flags, leaving the others as they are. An unknown name is refused
    /// (`invalidParams`, problem `unknown`) and nothing changes; so does a stale
    /// `expectRevision`. Setting a flag false never closes anything.
    public mutating func setFlags(_ flags: [(name: String, value: Bool)], expectRevision: Int? = nil) throws(NavError) -> SessionChange {
        var values = session.values
        for (name, value) in flags {
            guard let index = context.flag(named: name) else {
                let known = context.flagNames.isEmpty ? "this app has no session flags" : "known: " + context.flagNames.joined(separator: ", ")
                let suggestions = NearestNames.nearest(to: name, among: context.flagNames)
                let question = NearestNames.question(suggestions).map { "; \($0)" } ?? ""
                var error = NavError.badField("flags.\(name)", .unknown)
                error.message = "invalid params: no guard or requires names the flag '\(name)' (\(known))\(question)"
                error.data["flag"] = .string(name)
                if !suggestions.isEmpty { error.data["suggestions"] = .array(suggestions.map(JSONValue.string)) }
                throw error
            }
            values[index] = value
        }
        if let expectRevision, expectRevision != revision {
            throw .conflict("revision", expected: .int(expectRevision), actual: .int(revision))
        }
        guard values != session.values else {
            return SessionChange(revision: revision, noop: true, resumed: nil, events: [], session: session)
        }
        session.values = values
        guard let pending = session.pending, let flag = context.flag(named: pending.guardName), values[flag] else {
            advanceRevision(undoing: .unchanged)
            return SessionChange(revision: revision, noop: false, resumed: nil, events: [], session: session)
        }
        return resume(pending)
    }

    /// Applies the pending request in one revision with the redirect finishing. When a guard
    /// refuses it now (one it did not wait for), it goes as far as that guard: held again for
    /// it (`rehold`). When it fails otherwise, the revision keeps only the redirect finishing
    /// and drops it.
    private mutating func resume(_ pending: PendingRequest) -> SessionChange {
        session.pending = nil
        defer { records.clear() }
        let transaction = begin()
        let failure: NavError
        do throws(NavError) {
            try finishRedirect(pending.redirect)
            let detail = try run(pending.operation)
            let events = events(since: transaction.start)
            let finalDetail = detail.closing(closed: closedScreens(since: transaction.start), finished: events.finishedFlows)
            // A resumed request may itself have opened nothing new (a `singleTop` no-op); the
            // revision stands for the flags.
            advanceRevision(editedSince: transaction.start)
            let result = OperationResult(revision: revision, events: [], noop: false, detail: finalDetail)
            return SessionChange(
                revision: revision, noop: false, resumed: ResumedRequest(method: pending.request.method, result: result),
                events: events, session: session)
        } catch {
            failure = error
            rollBack(transaction)
        }
        records.clear()
        if let hit = failure.guardHit, let held = rehold(pending, for: hit) { return held }
        // The request failed: commit what finishing the redirect does, and drop it.
        let start = begin().start
        try? finishRedirect(pending.redirect)
        var events = events(since: start)
        events.append(.pendingDropped(method: pending.request.method, reason: .failed(failure)))
        advanceRevision(editedSince: start)
        return SessionChange(revision: revision, noop: false, resumed: nil, events: events, session: session)
    }

    /// The revision of a resumed request that a guard refused again: the redirect it waited
    /// on finishes (`"satisfied"`), the redirect of the guard that refused it opens from the
    /// top that leaves, and the request is pending again, waiting for that guard; the events
    /// end with `pendingHeld`. `nil` (nothing changed) when that redirect cannot open: the
    /// request is then dropped as any that fails.
    private mutating func rehold(_ pending: PendingRequest, for hit: GuardHit) -> SessionChange? {
        let transaction = begin()
        do throws(NavError) {
            try finishRedirect(pending.redirect)
            let opened = try openRedirect(for: hit)
            var events = events(since: transaction.start)
            let next = PendingRequest(
                request: pending.request, operation: pending.operation, guardName: opened.waitingFor.guardName,
                screen: opened.waitingFor.screen, redirect: opened.redirect)
            session.pending = next
            events.append(.pendingHeld(method: next.request.method, guardName: next.guardName, screen: next.screen))
            advanceRevision(editedSince: transaction.start)
            return SessionChange(revision: revision, noop: false, resumed: nil, events: events, session: session)
        } catch {
            rollBack(transaction)
            records.clear()
            return nil
        }
    }

    /// Finishes what a redirect opened, if it is still open: its flow instance with result
    /// `"satisfied"`, or the screen it pushed.
    private mutating func finishRedirect(_ redirect: RedirectInstance) throws(NavError) {
        guard isOpen(redirect) else { return }
        if let flow = redirect.flow {
            try finish(flow, result: "satisfied")
        } else {
            try close(redirect.screen)
        }
    }
}

extension Navigator {
    /// The session of a snapshot (`Session.jsonValue`), on this navigator's definition and
    /// tree: the flags it still has; the pending request when `requests` turns it back into
    /// its operation, its guard's flag is still a flag and false, and its redirect is open.
    /// Anything else of it is left out (semantics.md 69).
    mutating func restoreSession(_ json: JSONValue, requests: RequestNaming?) {
        if case .object(let flags)? = json["flags"] {
            for (name, value) in flags.pairs {
                if let index = context.flag(named: name), case .bool(let set) = value { session.values[index] = set }
            }
        }
        guard let pending = json["pending"], let requests,
              let method = pending["method"]?.stringValue, case .object(let params)? = pending["params"],
              let guardName = pending["guard"]?.stringValue, let screen = pending["screen"]?.stringValue,
              let redirected = pending["redirected"], let redirect = RedirectInstance(json: redirected),
              let flag = context.flag(named: guardName), !session.values[flag], isOpen(redirect)
        else { return }
        let request = RequestLabel(method: method, params: params)
        guard let operation = requests.operation(request) else { return }
        session.pending = PendingRequest(
            request: request, operation: operation.resuming, guardName: guardName, screen: screen, redirect: redirect)
    }
}
