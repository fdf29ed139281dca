import NavJSON
/// Guards (docs/guards.md): a screen whose `requires` names a flag that is false does not
/// open; the request that asked for it is held and the guard's redirect opens instead, as one
/// revision. The check sits where a destination opens, inside the one path every operation
/// (and every step of an `apply`) goes through.
extension Navigator {
    /// Throws `guarded` for the first flag of `requires` that is false. `requires` is the
    /// destination's precomputed flags: for an unguarded screen, one test of an empty array.
    @inline(__always)
    func checkGuards(_ requires: [Int], screen: @autoclosure () -> String) throws(NavError) {
        guard !requires.isEmpty else { return }
        if let hit = firstGuardHit(requires, screen: screen()) { throw hit.error }
    }

    /// The first flag of `requires` that is false, as a hit on `screen`.
    func firstGuardHit(_ requires: [Int], screen: String) -> GuardHit? {
        for flag in requires where !session.values[flag] {
            return GuardHit(flag: flag, screen: screen, context: context)
        }
        return nil
    }

    /// The guard a screen of that name would hit now (deep-link chains, dry runs).
    func guardHit(onScreen name: String) -> GuardHit? {
        guard let screen = context.screen(named: name), !screen.requires.isEmpty else { return nil }
        return firstGuardHit(screen.requires, screen: name)
    }

    /// Holds `operation` (refused by `hit`, and rolled back): opens the guard's redirect from
    /// the current top, makes the request the pending one (a pending request before it is
    /// dropped as `replaced`), and commits that as one revision whose events end with
    /// `pendingHeld`. The request already pending, asked again, is a no-op. When the redirect
    /// is itself guarded, the request waits for the guard whose redirect opened (`openRedirect`).
    mutating func hold(_ operation: NavOperation, as request: RequestLabel, hit: GuardHit) throws(NavError) -> OperationResult {
        let transaction = begin()
        let opened: (redirect: RedirectInstance, waitingFor: GuardHit)
        do {
            opened = try openRedirect(for: hit)
        } catch {
            rollBack(transaction)
            throw error
        }
        let redirect = opened.redirect
        let pending = PendingRequest(
            request: request, operation: operation.resuming, guardName: opened.waitingFor.guardName,
            screen: opened.waitingFor.screen, redirect: redirect)
        if session.pending == pending {
            // The very request already held, its redirect open: nothing to change.
            return OperationResult(revision: revision, events: [], noop: true, detail: .held(pending))
        }
        var events = events(since: transaction.start)
        if let replaced = session.pending {
            events.append(.pendingDropped(method: replaced.request.method, reason: .replaced))
        }
        session.pending = pending
        events.append(.pendingHeld(method: request.method, guardName: pending.guardName, screen: pending.screen))
        advanceRevision(editedSince: transaction.start)
        return OperationResult(revision: revision, events: events, noop: false, detail: .held(pending))
    }

    /// Opens the redirect of the guard `hit` names, with its default transition and no params,
    /// from the current top. A redirect that itself requires a flag that is false leads to
    /// that guard's redirect (validation refuses a chain that comes back to a guard it left).
    /// The pending request's redirect, still open and of the same destination, is reused: a
    /// second request held by the same guard does not stack a second login on the first.
    /// Returns what opened and the guard whose redirect it is: the one the request now waits
    /// for (`hit` itself unless the chain went on).
    mutating func openRedirect(for hit: GuardHit) throws(NavError) -> (redirect: RedirectInstance, waitingFor: GuardHit) {
        var current = hit
        var followed: [String] = []
        while true {
            guard let name = current.redirect, let destination = context.destination(named: name) else { throw current.error }
            if let next = firstGuardHit(destination.requires, screen: name) {
                followed.append(current.guardName)
                guard !followed.contains(next.guardName) else {
                    var error = NavError(
                        .guarded, "the redirects of guard '\(hit.guardName)' loop (\((followed + [next.guardName]).joined(separator: " → "))): nothing can open",
                        data: ["guard": .string(hit.guardName), "screen": .string(hit.screen)])
                    error.guardHit = hit
                    throw error
                }
                current = next
                continue
            }
            if let pending = session.pending, pending.redirect.to == name, isOpen(pending.redirect) {
                return (pending.redirect, current)
            }
            let params = try destinationParams(destination, [:])
            let opened = try open(destination, params: params, transition: destination.defaultTransition)
            return (RedirectInstance(to: name, screen: opened.screen, flow: opened.flow), current)
        }
    }

    /// Whether what a redirect opened is still in the tree: its flow instance, else its screen.
    func isOpen(_ redirect: RedirectInstance) -> Bool {
        if let flow = redirect.flow { return tree.flows.contains(flow) }
        return tree.screens.contains(redirect.screen)
    }

    /// Drops the pending request when what its redirect opened is gone (closed, dismissed,
    /// finished, replaced by `nav.goto` or `nav.reset`): the flag is still false (a set flag
    /// resumes it at once), so nothing would ever resume it.
    mutating func dropPendingIfRedirectEnded(into events: inout [NavEvent]) {
        guard let pending = session.pending, !isOpen(pending.redirect) else { return }
        session.pending = nil
        events.append(.pendingDropped(method: pending.request.method, reason: .redirectClosed))
    }

    #if DEBUG
    /// A pending request waits for a flag that is false, and its redirect is open.
    var sessionViolation: TreeInvariantViolation? {
        guard let pending = session.pending else { return nil }
        guard let flag = context.flag(named: pending.guardName) else {
            return TreeInvariantViolation(message: "the pending request waits for '\(pending.guardName)', which is no flag")
        }
        if session.values[flag] {
            return TreeInvariantViolation(message: "the pending request waits for '\(pending.guardName)', which is set")
        }
        if !isOpen(pending.redirect) {
            return TreeInvariantViolation(message: "the pending request's redirect \(pending.redirect.screen) is gone")
        }
        return nil
    }
    #endif
}
