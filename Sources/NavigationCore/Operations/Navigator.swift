import NavJSON
/// The navigation engine: one app definition, one canonical tree, one revision counter.
///
/// The navigator owns the state: the tree, the revision, the id source, and the records of
/// the operation under way. Every operation runs as one `Transaction`: the building blocks
/// (`Navigator+Edits`) edit the tree in place, logging how to undo each edit, and the
/// operation is committed as one revision with its ordered events, or refused with a
/// `NavError` and rolled back, leaving everything as it was. Pure: no I/O, no clocks; ids come
/// from an injectable `IDSource`.
public struct Navigator: Sendable {
    /// The definition, its resolved lookups, the limits and the deep-link matcher, held by
    /// reference: copying a navigator (a server reading its state may) copies one reference
    /// for all of them.
    let context: NavigatorContext
    public var definition: AppDefinition { context.definition }
    public var limits: NavigationLimits { context.limits }
    var matcher: DeepLinkMatcher { context.matcher }
    /// Random id of this state's life (docs/tree.md), chosen by whoever starts the engine.
    public let instance: String
    /// The canonical tree, edited in place (copy-on-write copies it only if a copy of the
    /// navigator or of its tree is still held somewhere).
    public internal(set) var tree: NavigationTree
    public internal(set) var revision: Int
    /// The events of revision 1: the initial tree's `flowStarted`/`enter`s and its `willShow`.
    public internal(set) var bootEvents: [NavEvent] = []
    public internal(set) var ids: any IDSource
    /// The session flags and the pending request (docs/guards.md).
    public internal(set) var session: Session
    /// How requests are named: with it, a guard can hold any operation `perform` is given.
    public var requests: RequestNaming?
    /// What the operation under way recorded; empty between operations.
    var records = NavigatorRecords()
    /// How to undo the newest revision's change of the tree (`TreeUndo`): what a history
    /// keeps of a revision instead of its tree.
    public internal(set) var lastUndo = TreeUndo.unchanged
    /// The buffer a committed revision's events are derived into, kept across operations: the
    /// result shares it, and once the result is let go (the server writes the events into the
    /// history and its answer, then drops it) the next revision empties it in place instead
    /// of allocating another array and freeing this one. A result still held elsewhere keeps
    /// its events: the next revision then gets a new buffer.
    private var eventBuffer: [NavEvent] = []
    /// The buffer a committed `close`'s `closed` screens are listed in, kept across operations
    /// as `eventBuffer` is: a close's result then allocates no list and its answer frees none.
    private var closedBuffer: [ScreenID] = []

    /// Boots the root flow as revision 1. The definition must have passed validation, which
    /// rules out every way `boot` can fail; `init(booting:)` is the one to use on a definition
    /// from outside (navd's `--app`): it throws instead of trapping.
    public init(
        definition: AppDefinition, instance: String = Navigator.randomInstance(),
        ids: any IDSource = SequentialIDs(), limits: NavigationLimits = NavigationLimits()
    ) {
        do {
            try self.init(bootingValidated: definition, instance: instance, ids: ids, limits: limits)
        } catch {
            preconditionFailure("navd: the app definition was not validated: \(error.message)")
        }
    }

    /// Boots the root flow as revision 1, or throws why the definition cannot boot: the
    /// errors validation finds (an unvalidated definition is validated first, since building
    /// an invalid one, such as a tabs flow without tabs, would trap), or a root flow that
    /// cannot start.
    public init(
        booting definition: AppDefinition, instance: String = Navigator.randomInstance(),
        ids: any IDSource = SequentialIDs(), limits: NavigationLimits = NavigationLimits()
    ) throws(NavigatorBootError) {
        let errors = definition.validate().filter(\.isError)
        guard errors.isEmpty else {
            throw NavigatorBootError(message: errors.map(\.description).joined(separator: "\n"))
        }
        try self.init(bootingValidated: definition, instance: instance, ids: ids, limits: limits)
    }

    /// `init(booting:)` of a definition `validate()` found no error in (`AppDefinition.load`).
    init(
        bootingValidated definition: AppDefinition, instance: String,
        ids: any IDSource = SequentialIDs(), limits: NavigationLimits = NavigationLimits()
    ) throws(NavigatorBootError) {
        self.instance = instance
        let matcher: DeepLinkMatcher
        do {
            matcher = try DeepLinkMatcher(definition: definition)
        } catch {
            throw NavigatorBootError(message: error.description)
        }
        self.context = NavigatorContext(definition: definition, limits: limits, matcher: matcher)
        self.session = Session(names: context.flagNames)
        self.tree = NavigationTree(rootFlow: FlowID(0))
        self.ids = ids
        self.revision = 1
        guard let rootFlow = definition.flow(named: definition.root) else {
            throw NavigatorBootError(message: "the root flow '\(definition.root)' is not defined")
        }
        let start = mark()
        let built: (flow: FlowID, screen: ScreenID)
        do {
            built = try buildFlow(rootFlow, parent: .root, via: nil, enterVia: nil, rootParams: [:])
        } catch {
            throw NavigatorBootError(message: "the root flow '\(definition.root)' cannot start: \(error.message)")
        }
        tree.rootFlow = built.flow
        bootEvents = events(since: start)
        records.clear()
        checkInvariants()
    }

    /// Eight random hex digits.
    public static func randomInstance() -> String {
        let value = UInt32.random(in: .min ... .max)
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }

    /// Applies one operation atomically. On success the tree and revision advance (unless
    /// nothing changed: `noop`); on error nothing changes. A guard holds a request it can name
    /// (`requests`, docs/guards.md), opening the guard's redirect as the revision instead;
    /// without a way to name it, a guard's refusal is thrown (`guarded`).
    public mutating func perform(_ operation: NavOperation) throws(NavError) -> OperationResult {
        if let expected = operation.expectedRevision, expected != revision {
            throw .conflict("revision", expected: .int(expected), actual: .int(revision))
        }
        let transaction = begin()
        defer { records.clear() }
        #if DEBUG
        let treeBefore = tree
        let sessionBefore = session
        defer {
            WorkMeter.uncounted {
                checkRevisionMatchesChange(from: treeBefore, session: sessionBefore, revision: transaction.revision)
            }
        }
        #endif
        let detail: OperationResult.Detail
        do {
            detail = try run(operation)
        } catch {
            rollBack(transaction)
            guard let hit = error.guardHit, let requests else { throw error }
            let label = requests.label(operation)
            records.clear()
            return try hold(operation, as: label, hit: hit)
        }
        let start = transaction.start
        if case .deeplink(let outcome) = detail, outcome.dryRun {
            // A plan: report what would happen, keep nothing.
            let events = events(since: start)
            rollBack(transaction)
            return OperationResult(revision: revision, events: events, noop: outcome.noop, detail: detail)
        }
        guard changed(since: start) else {
            // Whatever was edited was undone within the operation: the tree is as it was.
            // Ids a result showed (an apply that opened and closed a screen) stay used.
            return OperationResult(revision: revision, events: [], noop: true, detail: detail)
        }
        var events = Self.take(&eventBuffer)
        appendEvents(since: start, to: &events)
        let finalDetail: OperationResult.Detail
        if case .close = detail {
            var closed = Self.take(&closedBuffer)
            appendClosedScreens(since: start, to: &closed)
            closedBuffer = closed
            finalDetail = .close(closed: closed, finished: events.finishedFlows)
        } else {
            finalDetail = consume detail
        }
        if session.isHolding { dropPendingIfRedirectEnded(into: &events) }
        advanceRevision(editedSince: start)
        #if DEBUG
        WorkMeter.uncounted { checkUndo(back: treeBefore) }
        #endif
        eventBuffer = events
        return OperationResult(revision: revision, events: events, noop: false, detail: finalDetail)
    }

    /// A kept buffer (`eventBuffer`, `closedBuffer`), empty, its capacity kept when nothing
    /// else holds it (emptied as the records are: `NavigatorRecords.empty`).
    private static func take<Element>(_ buffer: inout [Element]) -> [Element] {
        var taken: [Element] = []
        swap(&taken, &buffer)
        NavigatorRecords.empty(&taken)
        return taken
    }

    #if DEBUG
    /// Debug and test builds check the undo log and `changed(since:)`: an operation that made
    /// no revision (refused, a dry run, a no-op) left the tree equal to what it was, and one
    /// that made a revision changed it.
    private func checkRevisionMatchesChange(from before: NavigationTree, session sessionBefore: Session, revision revisionBefore: Int) {
        if revision == revisionBefore {
            precondition(tree == before, "navd: an operation without a revision changed the tree\n\(String(decoding: tree.encodedJSON, as: UTF8.self))")
            precondition(session == sessionBefore, "navd: an operation without a revision changed the session")
        } else {
            precondition(tree != before || session != sessionBefore, "navd: a revision that changed nothing\n\(String(decoding: tree.encodedJSON, as: UTF8.self))")
        }
    }
    #endif

    /// Debug and test builds check that the newest revision's undo makes the tree it began with.
    func checkUndo(back before: NavigationTree) {
        var undone = tree
        lastUndo.undo(&undone)
        precondition(undone == before, "navd: a revision's undo does not make the tree before it\n\(String(decoding: tree.encodedJSON, as: UTF8.self))")
    }

    /// Makes the next revision, whose change of the tree is every edit since `start`, and
    /// checks every invariant. A revision's transaction begins with an empty log, so its
    /// undo takes the whole log.
    mutating func advanceRevision(editedSince start: NavigatorRecords.Mark) {
        precondition(start.edits == 0, "navd: a revision's transaction began with edits in the log")
        advanceRevision(undoing: records.takeUndo())
    }

    /// Makes the next revision, which `undo` turns back into the tree before it, and checks
    /// every invariant.
    mutating func advanceRevision(undoing undo: TreeUndo) {
        lastUndo = undo
        revision += 1
        checkInvariants()
    }

    /// Debug and test builds check every invariant after every change.
    func checkInvariants() {
        #if DEBUG
        if let violation = WorkMeter.uncounted({ tree.invariantViolation(screenLimitPerStack: limits.screensPerStack) ?? sessionViolation }) {
            preconditionFailure("\(violation)\n\(String(decoding: tree.encodedJSON, as: UTF8.self))")
        }
        #endif
    }
}

extension Navigator {
    /// Runs one operation (recursively for `apply`) in the transaction under way.
    mutating func run(_ operation: NavOperation) throws(NavError) -> OperationResult.Detail {
        switch operation {
        case .route(let request):
            return .route(try route(request))
        case .close(let screen, _):
            try close(screen ?? tree.topScreen)
            return .close(closed: [], finished: [])
        case .popTo(let screen, let inclusive, _):
            try popTo(screen, inclusive: inclusive)
            return .plain
        case .popToRoot(let flow, _):
            try popToRoot(flow)
            return .plain
        case .dismissAll:
            guard !dismissAll().isEmpty else { throw .nothingToClose("nothing is presented") }
            return .plain
        case .selectTab(let tab, let flow, _):
            try selectTab(tab, flow: flow)
            return .plain
        case .finishFlow(let flow, let result, _):
            try finish(flow, result: result)
            return .plain
        case .apply(let operations, _):
            var results: [OperationResult] = []
            for (index, operation) in operations.enumerated() {
                if let expected = operation.expectedRevision, expected != revision {
                    var error = NavError.conflict("revision", expected: .int(expected), actual: .int(revision))
                    error.steps = [index]
                    throw error
                }
                let before = mark()
                #if DEBUG
                let treeBefore = tree
                #endif
                let detail: OperationResult.Detail
                do {
                    detail = try run(operation)
                } catch {
                    var error = error
                    error.steps.insert(index, at: 0)
                    throw error
                }
                let noop = !changed(since: before)
                #if DEBUG
                WorkMeter.uncounted {
                    precondition(noop == (tree == treeBefore), "navd: changed(since:) disagrees with comparing the trees")
                }
                #endif
                let finished = events(since: before).finishedFlows
                results.append(OperationResult(
                    revision: revision, events: [], noop: noop,
                    detail: detail.closing(closed: closedScreens(since: before), finished: finished)))
            }
            return .apply(results)
        case .deeplink(let url, let dryRun, _):
            return .deeplink(try deeplink(url, dryRun: dryRun, matcher: context.matcher))
        }
    }

}

extension OperationResult.Detail {
    func closing(closed: [ScreenID], finished: [FlowID]) -> OperationResult.Detail {
        if case .close = self { return .close(closed: closed, finished: finished) }
        return self
    }
}

/// Why a definition cannot boot: one that validation would have refused.
public struct NavigatorBootError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
}
