import NavigationCore
import NavJSON
import NavProtocol
import NavTestSupport

/// The held request of the reference model: what was asked, the guard it waits for, and what
/// its redirect opened.
struct RefPending {
    var method: String
    var params: JSONObject
    var guardName: String
    var screen: String
    var redirectTo: String
    var redirectScreen: Int
    var redirectFlow: Int?
}

/// Guards and `session.set` on the reference model, straight from docs/guards.md.
extension ReferenceModel {
    /// Whether what the pending request's redirect opened is still in the tree.
    func isOpen(_ pending: RefPending) -> Bool {
        let work = transaction()
        if let flow = pending.redirectFlow { return work.path(ofFlow: flow) != nil || work.host(ofEmbedded: flow) != nil }
        return work.locate(screen: pending.redirectScreen) != nil
    }

    /// After a revision: a pending request whose redirect is gone is dropped.
    mutating func dropPendingIfRedirectGone() -> JSONValue? {
        guard let pending, !isOpen(pending) else { return nil }
        self.pending = nil
        return ["type": "pendingDropped", "method": .string(pending.method), "reason": "redirectClosed"]
    }

    /// A request a guard refused: its redirect opens from the top (the open one of the
    /// request it replaces, reused when it is the same), and it becomes the pending request.
    mutating func hold(method: String, params: JSONObject, refusal: RefError) -> RefOutcome {
        var work = transaction()
        var guardName = refusal.guardName!
        var redirectName = ""
        var followed: [String] = []
        while true {
            redirectName = app.guards.first { $0.name == guardName }!.redirect
            guard let next = work.firstUnsetFlag(work.requires(ofDestination: redirectName)) else { break }
            followed.append(guardName)
            if followed.contains(next) { return .failure(.guarded(refusal.guardName!, screen: refusal.guardScreen!)) }
            guardName = next
        }
        var redirect: (screen: Int, flow: Int?)
        if let pending, pending.redirectTo == redirectName, isOpen(pending) {
            redirect = (pending.redirectScreen, pending.redirectFlow)
            work.tag("held again: redirect reused")
        } else {
            let screen = app.screen(named: redirectName)
            let flow = screen == nil ? app.flow(named: redirectName) : nil
            do throws(RefError) {
                let via: RefVia
                let openParams: JSONObject
                if let screen {
                    via = screen.transition.map { work.transition(named: $0)! } ?? RefVia(kind: "push")
                    openParams = try work.checkParams([:], of: screen.name)
                } else {
                    via = flow!.transition.map { work.transition(named: $0)! } ?? RefVia(kind: "modal")
                    openParams = try flow!.rootScreen.map { (root) throws(RefError) in try work.checkParams([:], of: root) } ?? [:]
                }
                let opened = try work.open(screen, flow, params: openParams, via: via)
                redirect = (refParseID(opened["screen"]!.stringValue!, prefix: "s")!, opened["flow"]?.stringValue.flatMap { refParseID($0, prefix: "f") })
            } catch {
                return .failure(error)
            }
        }
        var redirected: JSONObject = ["to": .string(redirectName), "screen": .string("s\(redirect.screen)")]
        if let flow = redirect.flow { redirected["flow"] = .string("f\(flow)") }
        let detail: JSONObject = ["pending": ["method": .string(method), "params": .object(params)], "redirected": .object(redirected)]
        if let pending, work.root == root, pending.method == method, pending.params == params, pending.guardName == refusal.guardName, pending.screen == refusal.guardScreen {
            // The very request already held: a no-op.
            var noop = detail
            noop["noop"] = true
            return .success(RefCommit(noop: true, events: [], detail: noop, tags: ["held again: no-op"]))
        }
        var events = work.root != root ? work.events(from: root) : []
        if let old = pending {
            events.append(["type": "pendingDropped", "method": .string(old.method), "reason": "replaced"])
            work.tag("held request replaced")
        }
        events.append(["type": "pendingHeld", "method": .string(method), "guard": .string(refusal.guardName!), "screen": .string(refusal.guardScreen!)])
        pending = RefPending(
            method: method, params: params, guardName: refusal.guardName!, screen: refusal.guardScreen!, redirectTo: redirectName,
            redirectScreen: redirect.screen, redirectFlow: redirect.flow)
        commit(work)
        return .success(RefCommit(noop: false, events: events, detail: detail, tags: work.tags + ["held \(method)"]))
    }

    /// `session.set {flags}`: merge; unknown names refused; a change is a revision, which
    /// resumes the pending request when its guard's flag is set.
    mutating func setSession(_ params: JSONValue) -> RefOutcome {
        guard case .object(let fields)? = Optional(params), case .object(let given)? = fields["flags"] else {
            return .failure(.invalidParam("flags"))
        }
        // The values' types first (they are the params'), then the names (the session's).
        for (name, value) in given.pairs {
            guard case .bool = value else { return .failure(.invalidParam("flags.\(name)", "wrongType")) }
        }
        var merged = flags
        for (name, value) in given.pairs {
            guard flags[name] != nil else { return .failure(.invalidParam("flags.\(name)", "unknown")) }
            merged[name] = value.boolValue
        }
        guard merged != flags else { return .success(RefCommit(noop: true, events: [], detail: [:], tags: [])) }
        flags = merged
        guard let pending, flags[pending.guardName] == true else {
            revision += 1
            return .success(RefCommit(noop: false, events: [], detail: [:], tags: ["flags changed"]))
        }
        self.pending = nil
        // The redirect finishes "satisfied", then the request runs against the tree that leaves.
        var work = transaction()
        finishRedirect(pending, in: &work)
        do throws(RefError) {
            let request = try RefRequest.decode(method: pending.method, params: .object(Self.resuming(pending.params)))
            _ = try work.run(request)
            let events = work.events(from: root)
            commit(work)
            return .success(RefCommit(noop: false, events: events, detail: [:], tags: ["resumed \(pending.method)"]))
        } catch {
            var only = transaction()
            finishRedirect(pending, in: &only)
            var events = only.events(from: root)
            events.append(["type": "pendingDropped", "method": .string(pending.method), "reason": .string(error.reason), "error": .string(error.reason)])
            commit(only)
            return .success(RefCommit(noop: false, events: events, detail: [:], tags: ["resumed request dropped: \(error.reason)"]))
        }
    }

    private func finishRedirect(_ pending: RefPending, in work: inout RefTransaction) {
        guard isOpen(pending) else { return }
        if let flow = pending.redirectFlow {
            try? work.finish(flow, result: "satisfied")
        } else {
            try? work.close(pending.redirectScreen)
        }
    }

    /// A request's params as navd names a held request: in the canonical form the protocol
    /// writes requests in (fields at their default left out), as the history's causes are.
    static func canonical(_ method: String, _ params: JSONValue) -> JSONObject {
        (try? NavOperation(method: method, params: params))?.requestParams ?? params.objectValue ?? [:]
    }

    /// A request's params as it resumes: `expectRevision` and a route's `from` were checked
    /// when it was held (semantics.md 66), in its `apply` steps too.
    static func resuming(_ params: JSONObject) -> JSONObject {
        var params = params
        params["expectRevision"] = nil
        params["from"] = nil
        if case .array(let ops)? = params["ops"] {
            params["ops"] = .array(ops.map { op in
                guard case .object(var step) = op, case .object(let stepParams)? = step["params"] else { return op }
                step["params"] = .object(resuming(stepParams))
                return .object(step)
            })
        }
        return params
    }
}
