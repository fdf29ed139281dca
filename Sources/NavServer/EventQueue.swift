import NavigationCore
import NavProtocol

/// The routing events waiting to be handled and the listeners that handle them
/// (Protocol/semantics.md 72–79, 85), as a state machine: each function takes what happened (an
/// emit, an answer, the time, a disconnect) and returns what the server must do
/// (`EventAction`: ask these listeners, handle or refuse this emit, release its emitter's kept
/// lines, drop this listener). It does no I/O and never calls the server; tests drive it alone.
///
/// Events are handled one at a time in emit order. When an event's turn comes, every listener
/// of it is asked at once, with one deadline for all; the answers are decided in registration
/// order: the first listener whose answer has steps handles it, once every listener before it
/// has declined, failed, timed out or disconnected. So a turn lasts at most one timeout however
/// many listeners are silent. After a decision the queue waits (`applying`) until the server
/// has applied it and released the emitter's kept lines (`released(now:)`): an emit those lines
/// make is queued behind, never handled before the decided one.
struct EventQueue {
    /// A connection that called `events.listen` with at least one event.
    struct Listener: Equatable {
        var client: ClientID
        var events: Set<String>
        /// Deadlines missed in a row (an answer in time resets it).
        var misses = 0
    }

    /// One listener asked in the current turn.
    struct Ask: Equatable {
        enum State: Equatable {
            case waiting
            case declined
            case handles(ListenerSteps)
            case skipped(SkippedListener)
        }

        var listener: ClientID
        var requestID: String
        var state: State
    }

    enum Phase: Equatable {
        /// Nothing pending.
        case idle
        /// The first pending emit's listeners are asked; decided by `deadline` at the latest.
        case asking(asks: [Ask], deadline: Double)
        /// The first pending emit is decided and removed; the server applies it.
        case applying
        /// navd is stopping: every emit was refused and nothing is queued any more.
        case closed
    }

    /// Missed deadlines in a row after which a listener is no longer asked.
    static let maxMisses = 3

    /// How long the listeners of one turn have to answer, in seconds of the server's clock.
    let timeout: Double
    /// In registration order (a later `events.listen` puts a connection last).
    private(set) var listeners: [Listener] = []
    /// Oldest first; while `asking`, the first is the event being decided.
    private(set) var pending: [PendingEmit] = []
    private(set) var phase = Phase.idle
    /// The number of the next `event.handle` request id (`"e1"`, `"e2"`, …).
    private var nextRequest = 1

    init(timeout: Double) {
        self.timeout = timeout
    }

    /// When the current turn times out.
    var deadline: Double? {
        if case .asking(_, let deadline) = phase { return deadline }
        return nil
    }

    /// No emit is pending or being applied: an emit now is handled in its turn at once.
    var isIdle: Bool { phase == .idle }

    func hasListeners(of event: String) -> Bool {
        listeners.contains { $0.events.contains(event) }
    }

    func events(of client: ClientID) -> Set<String> {
        listeners.first { $0.client == client }?.events ?? []
    }

    // MARK: - What happens

    /// `events.listen`: `client` handles `events` from now on, after the listeners registered
    /// before (an empty set stops). Its missed deadlines start again from zero.
    mutating func listen(_ client: ClientID, to events: Set<String>) {
        listeners.removeAll { $0.client == client }
        if !events.isEmpty { listeners.append(Listener(client: client, events: events)) }
    }

    /// An emit that waits for its turn (the server handles an emit at once, without the
    /// queue, when the queue is idle and nobody listens to it).
    mutating func emit(_ emit: PendingEmit, now: Double) -> [EventAction] {
        precondition(phase != .closed, "an emit after shutdown is refused before it reaches the queue")
        pending.append(emit)
        guard phase == .idle else { return [] }
        return startTurn(now: now)
    }

    /// A listener answered request `requestID`. Ignored unless it is a request of the current
    /// turn still waiting for that listener (a late answer, or an answer to nothing navd asked).
    mutating func answer(_ requestID: String, from client: ClientID, _ reply: ListenerReply, now: Double) -> [EventAction] {
        guard case .asking(var asks, let deadline) = phase,
            let index = asks.firstIndex(where: { $0.requestID == requestID && $0.listener == client }),
            asks[index].state == .waiting
        else { return [] }
        switch reply {
        case .steps(let steps):
            asks[index].state = .handles(steps)
        case .declined:
            asks[index].state = .declined
        case .failed(let reason, let message):
            asks[index].state = .skipped(SkippedListener(client: client, reason: reason, message: message))
        }
        if let listener = listeners.firstIndex(where: { $0.client == client }) { listeners[listener].misses = 0 }
        phase = .asking(asks: asks, deadline: deadline)
        return settle(now: now)
    }

    /// Time passed: at the turn's deadline every listener still silent is skipped and counts a
    /// missed deadline; the third in a row drops it.
    mutating func timeout(now: Double) -> [EventAction] {
        guard case .asking(var asks, let deadline) = phase, now >= deadline else { return [] }
        var actions: [EventAction] = []
        let message = "no answer within \(Int((timeout * 1000).rounded())) ms"
        for index in asks.indices where asks[index].state == .waiting {
            let client = asks[index].listener
            asks[index].state = .skipped(SkippedListener(client: client, reason: .timeout, message: message))
            guard let listener = listeners.firstIndex(where: { $0.client == client }) else { continue }
            listeners[listener].misses += 1
            if listeners[listener].misses >= Self.maxMisses {
                actions.append(.drop(client, events: listeners[listener].events))
                listeners.remove(at: listener)
            }
        }
        phase = .asking(asks: asks, deadline: deadline)
        return actions + settle(now: now)
    }

    /// A connection is gone: it listens no more, a request of the current turn waiting for it
    /// is skipped, and its own pending emits are dropped (nobody to answer; rule 78).
    mutating func disconnect(_ client: ClientID, now: Double) -> [EventAction] {
        listeners.removeAll { $0.client == client }
        guard case .asking(var asks, let deadline) = phase else {
            pending.removeAll { $0.emitter == client }
            return []
        }
        if pending[0].emitter == client {
            pending.removeAll { $0.emitter == client }
            phase = .idle
            return pending.isEmpty ? [] : startTurn(now: now)
        }
        pending.removeAll { $0.emitter == client }
        for index in asks.indices where asks[index].listener == client && asks[index].state == .waiting {
            asks[index].state = .skipped(SkippedListener(
                client: client, reason: .disconnected, message: "the listener disconnected before answering"))
        }
        phase = .asking(asks: asks, deadline: deadline)
        return settle(now: now)
    }

    /// The server applied the decided emit and released its emitter's lines: the next turn.
    mutating func released(now: Double) -> [EventAction] {
        guard phase == .applying else { return [] }
        phase = .idle
        return pending.isEmpty ? [] : startTurn(now: now)
    }

    /// navd stops: every pending emit is refused with `error` (and its emitter's lines
    /// released), and the queue takes no more.
    mutating func shutdown(_ error: RPCFailure) -> [EventAction] {
        let refused = pending
        pending = []
        phase = .closed
        return refused.flatMap { [EventAction.refuse($0, error), .release($0.emitter)] }
    }

    // MARK: - Moving on

    /// The first pending emit's turn: every listener of its event is asked at once.
    private mutating func startTurn(now: Double) -> [EventAction] {
        let head = pending[0]
        var asks: [Ask] = []
        for listener in listeners where listener.events.contains(head.event.name) {
            asks.append(Ask(listener: listener.client, requestID: "e\(nextRequest)", state: .waiting))
            nextRequest += 1
        }
        phase = .asking(asks: asks, deadline: now + timeout)
        let ask: [EventAction] = asks.isEmpty ? [] : [.ask(head, asks.map { ($0.listener, $0.requestID) })]
        return ask + settle(now: now)
    }

    /// Decides the turn when its answers allow: the first listener in registration order whose
    /// answer has steps, once each one before it is done; the definition when all are done.
    private mutating func settle(now: Double) -> [EventAction] {
        guard case .asking(let asks, _) = phase else { return [] }
        var skipped: [SkippedListener] = []
        var handler = EventHandler.definition
        decide: for ask in asks {
            switch ask.state {
            case .waiting: return []
            case .declined: continue
            case .skipped(let skip): skipped.append(skip)
            case .handles(let steps):
                handler = .listener(ask.listener, steps)
                break decide
            }
        }
        let head = pending.removeFirst()
        phase = .applying
        return [.handle(head, handler: handler, skipped: skipped), .release(head.emitter)]
    }
}
