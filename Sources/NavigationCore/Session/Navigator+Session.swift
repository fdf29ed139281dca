import NavJSON
/// `session.set` (docs/guards.md): flags merge; a change is a revision; when the flag the
/// pending request waits for becomes true, the same revision finishes the redirect (result
/// `"satisfied"`) and applies the request.
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

    /// Applies the pending request in one revision with the redirect finishing; when the
    /// request fails now, the revision keeps only the redirect finishing and drops it.
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
        // The request failed: commit what finishing the redirect does, and drop it.
        records.clear()
        let start = begin().start
        try? finishRedirect(pending.redirect)
        var events = events(since: start)
        events.append(.pendingDropped(
            method: pending.request.method, reason: failure.reason.rawValue,
            error: ["message": .string(failure.message), "data": .object(failure.data)]))
        advanceRevision(editedSince: start)
        return SessionChange(revision: revision, noop: false, resumed: nil, events: events, session: session)
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
