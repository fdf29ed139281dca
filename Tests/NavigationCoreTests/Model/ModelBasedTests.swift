import Foundation
import Testing
@testable import NavigationCore
import NavProtocol
@testable import NavJSON
import NavRandom
import NavTestSupport

/// Model-based tests (swift-collections style): thousands of random request sequences run
/// against the engine and against `ReferenceModel`, a naive reimplementation of the
/// documents, comparing after every step the whole tree, the revision, no-op, the error and
/// the ordered events, and checking the tree's invariants.
///
/// Reproduce a failure with the seed it prints: `NAVD_MODEL_SEED=0x… swift test --filter ModelBasedTests`.
/// Soak with more and other sequences: `NAVD_MODEL_SEQUENCES=50000 NAVD_MODEL_BASE=7 swift test …`.
@Suite struct ModelBasedTests {
    static let sequences = 1_000
    static let steps = 40

    @Test func sampleApp() {
        let counts = ModelRun(app: AppDefinition.sample, label: "social", salt: 1, sequences: Self.sequences).run()
        expectCoverage(counts, of: ModelRun.commonCoverage + [
            "tag: dismissAll in a hidden tab", "tag: finished flow with result", "nav.selectTab ok",
            "tag: push fell back (single)", "nav.deeplink ok", "nav.deeplink noop", "tag: deep link reset",
            "tag: deep link top", "tag: deep link not found", "nav.deeplink -32006 noRouteForURL",
            // Guards (docs/guards.md): `account` requires `signedIn`, whose redirect is `login`.
            "tag: held nav.route", "tag: held nav.deeplink", "tag: held nav.apply", "tag: held request replaced",
            "tag: held again: redirect reused", "tag: resumed nav.route", "tag: resumed nav.deeplink",
            "tag: resumed request dropped: routeNotAllowed", "tag: pending dropped: redirect closed",
            "session.set ok", "session.set noop", "session.set -32602 invalidParams", "steps with a pending request",
        ])
    }

    @Test func shopApp() {
        let counts = ModelRun(app: handBuiltShopApp(), label: "shop", salt: 2, sequences: Self.sequences).run()
        expectCoverage(counts, of: ModelRun.commonCoverage + [
            "tag: nested embedded flow", "tag: presented tabs flow", "tag: dismissed tabs flow",
            "tag: finished tabs with result", "tag: selectTab of a presented tabs flow", "tag: route allowed by *",
            "tag: edge override", "tag: presented anonymous stack", "tag: push fell back (single)",
            "tag: push fell back (tabs flow)", "tag: popToRoot of an embedded flow", "nav.selectTab ok",
            "nav.deeplink -32006 noRouteForURL",
        ])
    }

    /// Tiny limits, so that `limitExceeded` (semantics.md §32) happens all the time: per
    /// stack, in the tree, and inside `apply`.
    @Test func shopAppNearTheLimits() {
        let limits = RefLimits(screensPerStack: 3, screensInTree: 7)
        let counts = ModelRun(app: handBuiltShopApp(), label: "shop near the limits", salt: 3, sequences: 300, limits: limits).run()
        expectCoverage(counts, of: [
            "nav.route -32009 limitExceeded", "nav.apply -32009 limitExceeded", "nav.route ok", "tag: presented tabs flow",
            "tag: embedded flow",
        ])
    }

    private func expectCoverage(_ counts: [String: Int]?, of keys: [String]) {
        guard let counts else { return }
        for key in keys {
            #expect(counts[key, default: 0] > 0, "never happened: \(key)")
        }
        #expect(counts["max screens in the tree", default: 0] >= 7, "the trees never grew")
    }
}

/// One app's run: the sequences, the comparison after each step, the coverage counters.
struct ModelRun {
    let app: AppDefinition
    let label: String
    let salt: UInt64
    let sequences: Int
    var limits = RefLimits()

    /// What every app's run must have exercised, so that the test cannot pass vacuously.
    static let commonCoverage = [
        "nav.route ok", "nav.route noop", "nav.route -32001 unknownDestination", "nav.route -32002 routeNotAllowed",
        "nav.route -32602 invalidParams", "nav.route -32005 conflict", "nav.route -32007 unknownInstance",
        "nav.route -32004 nothingToClose",
        "nav.close ok", "nav.close -32004 nothingToClose", "nav.close -32007 unknownInstance", "nav.close -32602 invalidParams",
        "nav.popTo ok", "nav.popTo noop", "nav.popTo -32007 unknownInstance", "nav.popTo -32004 nothingToClose",
        "nav.popToRoot ok", "nav.popToRoot noop", "nav.popToRoot -32007 unknownInstance",
        "nav.dismissAll ok", "nav.dismissAll -32004 nothingToClose",
        "nav.selectTab -32602 invalidParams", "nav.selectTab -32007 unknownInstance",
        "flow.finish ok", "flow.finish -32004 nothingToClose", "flow.finish -32007 unknownInstance",
        "flow.finish -32602 invalidParams",
        "nav.apply ok", "nav.apply noop", "nav.apply failed at a later step", "nav.apply -32005 conflict",
        "nav.nope -32601 methodNotFound",
        "tag: pushed screen", "tag: embedded flow", "tag: presented flow", "tag: presented anonymous single",
        "tag: explicit transition", "tag: custom transition", "tag: singleTop hit", "tag: route popTo",
        "tag: route popTo inclusive", "tag: finished embedded", "tag: finished embedded with result",
        "tag: finished anonymous", "tag: finished anonymous with result", "tag: finished flow",
        "step with removals and additions", "tag: changes made and undone within one revision", "top unchanged by a change",
    ]

    /// Runs every sequence; returns the counters, or `nil` when replaying one seed or after a
    /// mismatch (already recorded).
    func run() -> [String: Int]? {
        let environment = ProcessInfo.processInfo.environment
        if let text = environment["NAVD_MODEL_SEED"], let seed = UInt64(text.replacingOccurrences(of: "0x", with: ""), radix: 16) {
            var counts: [String: Int] = [:]
            _ = sequence(seed: seed, counts: &counts)
            return nil
        }
        let started = ContinuousClock.now
        var counts: [String: Int] = [:]
        let baseSeed = environment["NAVD_MODEL_BASE"].flatMap { UInt64($0) } ?? 0x6E61_7664_0000_0000
        var base = SplitMix64(seed: baseSeed ^ salt)
        let sequences = environment["NAVD_MODEL_SEQUENCES"].flatMap { Int($0) } ?? self.sequences
        for _ in 0..<sequences {
            guard sequence(seed: base.next(), counts: &counts) else { return nil }
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "  \($0.key): \($0.value)" }.joined(separator: "\n")
        print("model-based \(label): \(sequences) sequences × \(ModelBasedTests.steps) steps in \(ContinuousClock.now - started)\n\(summary)")
        return counts
    }

    /// One random sequence from boot; records the first mismatch and returns `false` there.
    func sequence(seed: UInt64, counts: inout [String: Int]) -> Bool {
        var engine = Navigator(
            definition: app, instance: "00000000",
            limits: NavigationLimits(screensPerStack: limits.screensPerStack, screensInTree: limits.screensInTree))
        var model = ReferenceModel(app: app, limits: limits)
        var generator = ModelOperationGenerator(app: app, seed: seed)
        var calls: [ModelCall] = []
        let seedText = "0x" + String(seed, radix: 16)

        var written = TreeTextCheck(boot: engine, seed: seed)

        if let problem = compareTrees(engine, model) ?? compareEvents(engine.bootEvents, model.bootEvents) {
            Issue.record("\(label) boot: \(problem)")
            return false
        }
        for index in 0..<ModelBasedTests.steps {
            let call = generator.next(for: model)
            calls.append(call)
            let problem = step(call, engine: &engine, model: &model, counts: &counts)
                ?? written.follow(engine, flush: index == ModelBasedTests.steps - 1).map { "tree text: " + $0 }
            if let problem {
                let history = calls.enumerated().map { "  \($0.offset): \($0.element.text)" }.joined(separator: "\n")
                Issue.record("""
                    \(label): engine and model disagree at step \(calls.count - 1) of sequence \(seedText) \
                    (replay: NAVD_MODEL_SEED=\(seedText) swift test --filter ModelBasedTests)
                    \(problem)
                    requests:
                    \(history)
                    """)
                return false
            }
            counts["max screens in the tree"] = max(counts["max screens in the tree", default: 0], model.root.allScreens.count)
        }
        return true
    }

    /// Performs one request on both; describes the first difference, or `nil`.
    func step(_ call: ModelCall, engine: inout Navigator, model: inout ReferenceModel, counts: inout [String: Int]) -> String? {
        let before = (tree: engine.tree, revision: engine.revision)
        let navigatorBefore = engine
        let engineOutcome: Result<OperationResult, RPCFailure>
        do throws(RPCFailure) {
            if call.method == "session.set" {
                // Decoded as the daemon decodes it (the values' types are the params'), then set.
                let line = JSONWriter.string(["jsonrpc": "2.0", "id": 1, "method": "session.set", "params": call.params])
                switch JSONRPC.decode(line: Array(line.utf8)) {
                case .single(.call(_, .sessionSet(let flags, _), _)):
                    engineOutcome = .success(try RPCFailure.engine { () throws(NavError) in
                        try engine.setFlags(flags.map { (name: $0.name, value: $0.value) }).revisionResult
                    })
                case .single(.badParams(_, _, let error)):
                    throw RPCFailure(error)
                default:
                    preconditionFailure("session.set did not decode: \(line)")
                }
            } else {
                engineOutcome = .success(try engine.call(call.method, call.params))
            }
        } catch {
            engineOutcome = .failure(error)
        }
        let modelOutcome = model.perform(method: call.method, params: call.params)
        if let violation = engine.tree.invariantViolation(screenLimitPerStack: limits.screensPerStack) { return "engine tree invariant: \(violation)" }

        switch (engineOutcome, modelOutcome) {
        case (.failure(let error), .failure(let expected)):
            counts["\(call.method) \(expected.code) \(expected.reason)", default: 0] += 1
            if call.method == "nav.apply", let step = expected.step, step > 0 { counts["nav.apply failed at a later step", default: 0] += 1 }
            if engine.tree != before.tree || engine.revision != before.revision { return "the failed request changed the engine" }
            var problems: [String] = []
            if error.code.rawValue != expected.code || error.reason.rawValue != expected.reason { problems.append("code/reason") }
            if let param = expected.param, error.data["param"] != .string(param) { problems.append("data.param") }
            if let problem = expected.problem, error.data["problem"] != .string(problem) { problems.append("data.problem") }
            if let value = expected.expected, error.data["expected"] != value || error.data["actual"] != expected.actual {
                problems.append("data.expected/actual")
            }
            if error.data["step"] != expected.step.map(JSONValue.int) { problems.append("data.step") }
            if let step = expected.step,
                error.data["stepOp"] != expected.stepOp.map(JSONValue.string) || !error.message.hasPrefix("step \(step) (")
            {
                problems.append("data.stepOp/message")
            }
            if !problems.isEmpty {
                return "error differs (\(problems.joined(separator: ", "))): engine \(JSONWriter.string(error.jsonValue)), model \(expected)"
            }
        case (.success(let result), .success(let expected)):
            counts["\(call.method) \(expected.noop ? "noop" : "ok")", default: 0] += 1
            for tag in Set(expected.tags) { counts["tag: " + tag, default: 0] += 1 }
            let types = Set(expected.events.compactMap { $0["type"]?.stringValue })
            if types.contains("exit"), types.contains("enter") { counts["step with removals and additions", default: 0] += 1 }
            if !expected.noop, !types.contains("willShow") { counts["top unchanged by a change", default: 0] += 1 }
            if result.noop != expected.noop { return "noop: engine \(result.noop), model \(expected.noop)" }
            if let problem = compareEvents(result.events, expected.events) { return problem }
            if call.method == "nav.route" || call.method == "nav.close", result.detailJSON != expected.detail {
                return "result: engine \(JSONWriter.string(.object(result.detailJSON))), model \(JSONWriter.string(.object(expected.detail)))"
            }
            if !result.noop, engine.tree != before.tree, let problem = checkGoto(from: navigatorBefore, to: engine, like: result, method: call.method, counts: &counts) {
                return problem
            }
        case (.success(let result), .failure(let expected)):
            return "engine succeeded (noop \(result.noop)), model refused: \(expected)\nengine events:\n\(eventLines(result.events.map(\.jsonValue)))"
        case (.failure(let error), .success(let expected)):
            return "engine refused \(JSONWriter.string(error.jsonValue)), model succeeded (noop \(expected.noop))\nmodel events:\n\(eventLines(expected.events))"
        }
        if engine.revision != model.revision { return "revision: engine \(engine.revision), model \(model.revision)" }
        return compareTrees(engine, model) ?? compareSessions(engine, model, counts: &counts)
    }

    /// The flags and the pending request are the model's, and the session's invariants hold:
    /// a pending request waits for a flag that is false, with its redirect open.
    func compareSessions(_ engine: Navigator, _ model: ReferenceModel, counts: inout [String: Int]) -> String? {
        for (index, name) in engine.session.names.enumerated() where model.flags[name] != engine.session.values[index] {
            return "flag \(name): engine \(engine.session.values[index]), model \(model.flags[name].map(String.init) ?? "none")"
        }
        if engine.session.names.count != model.flags.count { return "flags: engine \(engine.session.names), model \(model.flags.keys.sorted())" }
        switch (engine.session.pending, model.pending) {
        case (nil, nil):
            return nil
        case (let pending?, let expected?):
            counts["steps with a pending request", default: 0] += 1
            let redirect = pending.redirect
            if pending.request.method != expected.method || pending.request.params != expected.params || pending.guardName != expected.guardName
                || pending.screen != expected.screen || redirect.to != expected.redirectTo || redirect.screen.number != expected.redirectScreen
                || redirect.flow?.number != expected.redirectFlow
            {
                return "pending: engine \(JSONWriter.string(pending.jsonValue)), model \(expected)"
            }
            if engine.session.flag(pending.guardName) != false { return "the pending request waits for a flag that is set" }
            let open = redirect.flow.map { engine.tree.flows.contains($0) } ?? engine.tree.screens.contains(redirect.screen)
            if !open { return "the pending request's redirect is gone" }
            return nil
        case (let pending, let expected):
            return "pending: engine \(pending.map { JSONWriter.string($0.jsonValue) } ?? "none"), model \(expected.map { "\($0)" } ?? "none")"
        }
    }

    /// `goto` of the tree a revision made, from the state before it, makes the same tree and
    /// tells the same events; in the same order for one operation (an `apply`'s steps remove
    /// in their own order, which the net change cannot know). The tree's JSON reads back, and
    /// a reset from here opens the boot tree's shape with fresh ids.
    func checkGoto(from before: Navigator, to engine: Navigator, like result: OperationResult, method: String, counts: inout [String: Int]) -> String? {
        var shadow = before
        let gone: OperationResult
        do throws(NavError) {
            gone = try shadow.goto(engine.tree)
        } catch {
            return "goto of the new tree refused: \(error)"
        }
        if shadow.tree != engine.tree || gone.revision != engine.revision { return "goto made another tree or revision" }
        // Only `flow.finish` knows a flow's result: a goto finishes flows with `null`. The
        // session is not a tree's: its events are not a goto's.
        func treeEvents(_ events: [NavEvent]) -> [NavEvent] {
            events.filter {
                switch $0 {
                case .pendingHeld, .pendingDropped: return false
                default: return true
                }
            }
        }
        let expected = treeEvents(result.events).map { event -> NavEvent in
            guard case .flowFinished(let flow, let name, _) = event else { return event }
            return .flowFinished(flow: flow, name: name, result: .null)
        }
        let goneEvents = treeEvents(gone.events)
        // Several steps remove in their own order, and of a tabs flow that goes, `dismissAll`
        // removes the visible tab first, `nav.close`/`flow.finish` the last tab first: the
        // net change follows one rule (semantics.md 57), so those are compared as sets.
        let removedTabs = before.tree.flows.values.contains { $0.kind == .tabs && !engine.tree.flows.contains($0.id) }
        if method == "nav.apply" || method == "nav.deeplink" || method == "session.set" || removedTabs {
            // Which transition a screen removed or added within several steps went by is the
            // net change's guess: compared without `via`.
            let sorted = { (events: [NavEvent]) in
                events.map { event -> String in
                    guard case .object(var object) = event.jsonValue else { return "" }
                    object["via"] = nil
                    return JSONWriter.string(.object(object))
                }.sorted()
            }
            if sorted(goneEvents) != sorted(expected) {
                return "goto events differ as a set\ngoto:\n\(eventLines(gone.events.map(\.jsonValue)))\nengine:\n\(eventLines(result.events.map(\.jsonValue)))"
            }
            counts["goto like \(method) (as a set)", default: 0] += 1
        } else {
            if goneEvents != expected {
                return "goto events differ from\n\(sketch(before.tree))\ngoto:\n\(eventLines(gone.events.map(\.jsonValue)))\nengine:\n\(eventLines(result.events.map(\.jsonValue)))"
            }
            counts["goto like \(method)", default: 0] += 1
        }
        // Reading the JSON back and resetting cost more than the step: every fifth revision.
        guard engine.revision % 5 == 0 else { return nil }
        counts["tree read back and reset", default: 0] += 1
        do {
            if try NavigationTree(json: JSONParser.parse(JSONWriter.string(engine.tree.jsonValue))) != engine.tree {
                return "the tree's JSON reads back as another tree"
            }
        } catch {
            return "the tree's JSON does not read back: \(error)"
        }
        var reset = engine
        do throws(NavError) {
            let opened = try reset.reset()
            let exits = opened.events.filter { if case .exit = $0 { return true } else { return false } }.count
            let names = { (tree: NavigationTree) in tree.allScreensInOrder.map { tree.screens[$0]!.name } }
            let boot = Navigator(definition: engine.definition, instance: "0", limits: engine.limits)
            if exits != engine.tree.screens.count || names(reset.tree) != names(boot.tree) {
                return "reset did not close every screen and open the boot tree"
            }
            if !Set(reset.tree.screens.keys).isDisjoint(with: Set(engine.tree.screens.keys)) { return "reset reused screen ids" }
        } catch {
            return "reset refused: \(error)"
        }
        return nil
    }

    func compareTrees(_ engine: Navigator, _ model: ReferenceModel) -> String? {
        guard engine.tree.jsonValue != model.treeJSON else { return nil }
        return """
            trees differ
            engine: \(JSONWriter.string(engine.tree.jsonValue))
            model:  \(JSONWriter.string(model.treeJSON))
            engine sketch:
            \(sketch(engine.tree))
            """
    }

    func compareEvents(_ engine: [NavEvent], _ model: [JSONValue]) -> String? {
        // A resumed request's error is compared by its reason (the model has no messages).
        let actual = engine.map { event -> JSONValue in
            guard case .pendingDropped(_, .failed(let error)) = event, case .object(var object) = event.jsonValue else {
                return event.jsonValue
            }
            object["error"] = error.data["reason"] ?? .null
            return .object(object)
        }
        guard actual != model else { return nil }
        return "events differ\nengine:\n\(eventLines(actual))\nmodel:\n\(eventLines(model))"
    }

    func eventLines(_ events: [JSONValue]) -> String {
        events.map { "  " + JSONWriter.string($0) }.joined(separator: "\n")
    }
}
