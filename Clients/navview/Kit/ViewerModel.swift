public import NavClient

/// What a viewer knows, kept apart from any I/O: the latest tree, the recent event lines,
/// and the revision chain of its subscription (docs/protocol.md), so that a missed
/// notification is noticed and answered with a fresh `nav.state` instead of trusted.
public struct ViewerModel: Sendable {
    /// What to do after a `nav.changed`.
    public enum Outcome: Sendable, Hashable {
        /// The tree moved on; `summary` says what made it (`nav.route by navctl (c3)`).
        case applied(summary: String)
        /// Nothing newer than what is shown (a revision already covered by a re-fetch).
        case stale
        /// The chain broke (or the update could not be read): fetch `nav.state` and call `refetched`.
        case refetch(reason: String)
    }

    public private(set) var state: NavStateView?
    public private(set) var events: [EventLine] = []
    /// The last revision the subscription delivered (the next `baseRevision`); nil while
    /// there is no subscription.
    public private(set) var chain: Int?
    /// How many event lines are kept.
    public let capacity: Int

    public init(capacity: Int = 500) {
        self.capacity = capacity
    }

    /// What a subscription is to the state shown before it: the one place that tells a first
    /// subscription, a reconnection to the same navd and a new navd apart (each viewer words
    /// its own note from it).
    public enum Subscription: Equatable, Sendable {
        case first
        case reconnected
        case newInstance(previous: String)
    }

    /// A connection's `nav.subscribe` answered with `state`: the chain starts there.
    @discardableResult
    public mutating func subscribed(_ state: NavStateView) -> Subscription {
        let subscription: Subscription
        if let previous = self.state, previous.instance != state.instance {
            subscription = .newInstance(previous: previous.instance)
            note("connected to a new navd instance \(state.instance) at revision \(state.revision) (was \(previous.instance))")
        } else if self.state != nil {
            subscription = .reconnected
            note("reconnected at revision \(state.revision)")
        } else {
            subscription = .first
            note("subscribed at revision \(state.revision) (instance \(state.instance))")
        }
        self.state = state
        chain = state.revision
        return subscription
    }

    public mutating func changed(_ changed: NavChangedView) -> Outcome {
        guard let chain, let state else { return .refetch(reason: "an update arrived before the subscription") }
        self.chain = changed.revision
        guard changed.baseRevision == chain else {
            let reason = "gap: an update from revision \(changed.baseRevision) while the last one was \(chain)"
            warn("\(reason); re-fetching the state")
            return .refetch(reason: reason)
        }
        let fresh = changed.changes.filter { $0.revision > state.revision }
        if changed.truncated {
            let (from, to) = (chain + 1, (changed.changes.first?.revision ?? changed.revision + 1) - 1)
            let left = from == to ? "revision \(from)" : from < to ? "revisions \(from)–\(to)" : "some revisions"
            warn("truncated: the events of \(left) were left out (the tree is whole)")
        }
        if fresh.count > 1, let first = fresh.first, let last = fresh.last {
            note("coalesced: revisions \(first.revision)–\(last.revision) arrived in one update")
        }
        for change in fresh {
            append(.revision(change.revision, cause: change.cause))
            for event in change.events ?? [] { append(.event(event)) }
        }
        guard changed.revision > state.revision else { return .stale }
        guard let root = changed.root else {
            warn("revision \(changed.revision) came without its tree; re-fetching the state")
            return .refetch(reason: "no tree in the update")
        }
        // The session travels only when a revision changed it: otherwise it is as it was.
        self.state = NavStateView(revision: changed.revision, instance: state.instance, session: changed.session ?? state.session, root: root)
        var summary = fresh.last.map { "\($0.cause.method) by \(EventLine.who($0.cause))" } ?? "update"
        if fresh.count > 1 { summary += "; \(fresh.count) revisions coalesced" }
        if changed.truncated { summary += "; truncated" }
        return .applied(summary: summary)
    }

    /// A `nav.changed` that does not have the documented shape.
    public mutating func unreadable(_ error: ViewDecodingError) -> Outcome {
        warn("an update navd sent could not be read (\(error)); re-fetching the state")
        return .refetch(reason: "unreadable update")
    }

    /// `nav.state` answered after a `.refetch`: it replaces what is shown.
    public mutating func refetched(_ state: NavStateView) {
        note("re-fetched the state at revision \(state.revision)")
        self.state = state
    }

    /// The connection ended; the chain ends with it (the tree stays, as the last one known).
    public mutating func disconnected(_ reason: String) {
        if chain != nil { warn("disconnected: \(reason)") }
        chain = nil
    }

    public mutating func note(_ text: String) { append(.note(text)) }
    public mutating func warn(_ text: String) { append(.warning(text)) }

    private mutating func append(_ line: EventLine) {
        events.append(line)
        if events.count > capacity { events.removeFirst(events.count - capacity) }
    }
}
