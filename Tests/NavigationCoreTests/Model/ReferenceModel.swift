import NavigationCore
import NavJSON
import NavTestSupport

/// A naive, independent reference implementation of navd's navigation semantics
/// (docs/app-definition.md, docs/tree.md, docs/operations.md, Protocol/semantics.md), for the model-based tests.
///
/// Where the engine stores a flat tree of ids, the model holds one nested value: a flow owns
/// its screens, its tabs, its embedded children and what it presents. Every operation is
/// written the plainest way from the documents, and events come from the model's own log of
/// what it removed and added. It speaks JSON at both ends (requests in, the §3 tree shape,
/// event objects and errors out) so it can be compared with the engine value for value.
struct ReferenceModel {
    let app: AppDefinition
    let limits: RefLimits
    private(set) var root: RefFlow
    var revision = 1
    private(set) var nextFlow = 1
    private(set) var nextScreen = 1
    /// The session (docs/guards.md): a flag per guard and per name `requires` lists, all false
    /// at boot, and the one held request.
    var flags: [String: Bool] = [:]
    var pending: RefPending?
    /// The events of revision 1.
    let bootEvents: [JSONValue]

    init(app: AppDefinition, limits: RefLimits = RefLimits()) {
        self.app = app
        self.limits = limits
        var boot = RefTransaction(app: app, limits: limits, root: RefFlow(id: 0, name: nil, kind: .stack), nextFlow: 1, nextScreen: 1, revision: 0)
        guard let rootFlow = app.flow(named: app.root), let built = try? boot.build(rootFlow, via: nil, enterVia: .null)
        else { preconditionFailure("reference model: the root flow '\(app.root)' cannot start") }
        boot.root = built
        root = built
        nextFlow = boot.nextFlow
        nextScreen = boot.nextScreen
        bootEvents = boot.additions.map(\.event) + [.object(boot.root.topScreen.refJSON(type: "willShow"))]
        for name in app.guards.map(\.name) + app.screens.flatMap(\.requires) { flags[name] = false }
    }

    /// A working copy of the state for one request.
    func transaction() -> RefTransaction {
        var work = RefTransaction(app: app, limits: limits, root: root, nextFlow: nextFlow, nextScreen: nextScreen, revision: revision)
        work.flags = flags
        return work
    }

    /// Keeps what a transaction made as the next revision.
    mutating func commit(_ work: RefTransaction) {
        root = work.root
        nextFlow = work.nextFlow
        nextScreen = work.nextScreen
        revision += 1
    }

    /// The tree in the shape of docs/tree.md (`NavigationTree.jsonValue`).
    var treeJSON: JSONValue { root.json }

    /// Decodes and runs one request as a client would send it. A failure or a no-op leaves
    /// the model untouched (ids included).
    mutating func perform(method: String, params: JSONValue) -> RefOutcome {
        if method == "session.set" { return setSession(params) }
        let request: RefRequest
        do {
            request = try RefRequest.decode(method: method, params: params)
        } catch {
            return .failure(error)
        }
        var work = transaction()
        var detail: JSONObject
        do {
            detail = try work.run(request)
        } catch {
            if error.reason == "guarded" { return hold(method: method, params: Self.canonical(method, params), refusal: error) }
            return .failure(error)
        }
        guard work.root != root else {
            // semantics.md §20: a no-op keeps no change, but ids its result showed (an apply
            // that opened and closed a screen) stay used, so they are never shown twice.
            nextFlow = work.nextFlow
            nextScreen = work.nextScreen
            detail["noop"] = true
            return .success(RefCommit(noop: true, events: [], detail: detail, tags: []))
        }
        var events = work.events(from: root)
        if events.count(where: { !["willHide", "willShow", "tabSelected"].contains($0["type"]?.stringValue ?? "") })
            < work.removals.count + work.additions.count
        {
            work.tag("changes made and undone within one revision")
        }
        if case .close = request.op {
            detail["closed"] = .array(events.filter { $0["type"] == "exit" }.map { $0["screen"]! })
            detail["finished"] = .array(events.filter { $0["type"] == "flowFinished" }.map { $0["flow"]! })
        }
        commit(work)
        if let dropped = dropPendingIfRedirectGone() {
            events.append(dropped)
            work.tag("pending dropped: redirect closed")
        }
        return .success(RefCommit(noop: false, events: events, detail: detail, tags: work.tags))
    }
}

/// What the model answers to one request.
enum RefOutcome {
    case success(RefCommit)
    case failure(RefError)
}

struct RefCommit {
    var noop: Bool
    var events: [JSONValue]
    /// The result fields of `nav.route` and `nav.close` (docs/protocol.md); empty for the rest.
    var detail: JSONObject
    /// Interesting paths the operation took, for the tests' coverage counters.
    var tags: [String]
}

/// A refused request: its JSON-RPC code and `data.reason`, and what the model knows for sure
/// about the rest of `data`.
struct RefError: Error, Equatable, CustomStringConvertible {
    var code: Int
    var reason: String
    /// `data.param`, when the documents say which one it is.
    var param: String?
    /// `data.problem` of a screen param.
    var problem: String?
    /// `data.expected` and `data.actual` of a conflict.
    var expected: JSONValue?
    var actual: JSONValue?
    /// `data.step` and `data.stepOp` inside `apply` (semantics.md §24): the outermost step's
    /// index, the innermost step's method.
    var step: Int?
    var stepOp: String?
    /// A guard's refusal: the guard and the screen that requires it.
    var guardName: String?
    var guardScreen: String?

    var description: String {
        "\(code) \(reason)" + (param.map { " param=\($0)" } ?? "") + (problem.map { " problem=\($0)" } ?? "")
            + (expected.map { " expected=\($0) actual=\(actual ?? .null)" } ?? "")
            + (step.map { " step=\($0) stepOp=\(stepOp ?? "?")" } ?? "")
    }

    /// `-32005` with what the request expected and what is current.
    static func conflict(expected: JSONValue, actual: JSONValue) -> RefError {
        RefError(code: -32005, reason: "conflict", expected: expected, actual: actual)
    }

    /// The error of step `index` of an `apply`.
    func at(step index: Int, _ method: String) -> RefError {
        var error = self
        error.step = index
        if error.stepOp == nil { error.stepOp = method }
        return error
    }

    static let unknownDestination = RefError(code: -32001, reason: "unknownDestination")
    static let routeNotAllowed = RefError(code: -32002, reason: "routeNotAllowed")
    static let nothingToClose = RefError(code: -32004, reason: "nothingToClose")
    static let unknownInstance = RefError(code: -32007, reason: "unknownInstance")
    static let limitExceeded = RefError(code: -32009, reason: "limitExceeded")

    static func guarded(_ guardName: String, screen: String) -> RefError {
        RefError(code: -32008, reason: "guarded", guardName: guardName, guardScreen: screen)
    }
    /// A `-32602` whose `data.param` the documents do not pin down.
    static let invalid = RefError(code: -32602, reason: "invalidParams")

    static func invalidParam(_ param: String, _ problem: String? = nil) -> RefError {
        RefError(code: -32602, reason: "invalidParams", param: param, problem: problem)
    }
}

/// docs/protocol.md `limitExceeded`: screens per stack, screens in the tree.
struct RefLimits {
    var screensPerStack = 1_000
    var screensInTree = 100_000
}
