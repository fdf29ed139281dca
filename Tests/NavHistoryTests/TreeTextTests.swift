import Testing
@testable import NavigationCore
@testable import NavHistory
import NavJSON
import NavProtocol
import NavRandom
import NavTestSupport

/// Writing a revision's tree against the text of the one before (`TreeText`) costs what the
/// revision changed, not the size of the tree: a durable navd writes every committed
/// revision's tree, and with it a route beside a few hundred nested modals in another tab
/// cost 14 times a route in the sample app (callgrind: 718,350 instructions against 51,034).
/// Counted as the engine's work (`WorkMeter`: tree and span lookups), not timed; the bytes
/// copied are not counted, and are the rest of that cost.
@Suite struct TreeTextTests {
    /// The sample app with `n` nested modals presented in the friends tab, back on the feed
    /// tab, every revision in a history, and the text of its tree.
    private func modalsInAnotherTab(_ n: Int) throws -> (Navigator, History, TreeText?) {
        var nav = sampleNavigator()
        var history = History()
        history.append(HistoryEntry(revision: 1, at: 0, cause: .daemonStart, events: [], tree: nav.tree))
        let route = try NavOperation(method: "nav.route", params: ["to": "profile", "params": ["userId": 1]])
        let ops = [try NavOperation(method: "nav.selectTab", params: ["tab": 1])] + Array(repeating: route, count: n)
            + [try NavOperation(method: "nav.selectTab", params: ["tab": 0])]
        _ = try nav.perform(.apply(ops, expectRevision: nil))
        remember(nav, in: &history)
        #expect(nav.tree.flows.count == 5 + n)
        var text: TreeText?
        history.update(&text, current: nav.tree, revision: nav.revision)
        return (nav, history, text)
    }

    /// The work of writing the tree after a route to a post, against `state`'s text; checks
    /// the text written.
    private func workOfTheTreeAfterARoute(_ state: (Navigator, History, TreeText?)) throws -> Int {
        var (nav, history, text) = state
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": -1]])
        remember(nav, in: &history)
        let work = WorkMeter.measure { history.update(&text, current: nav.tree, revision: nav.revision) }.work
        #expect(text?.bytes == nav.tree.encodedJSON)
        return work
    }

    private func remember(_ nav: Navigator, in history: inout History) {
        history.append(HistoryEntry(
            revision: nav.revision, at: 0, cause: HistoryCause(method: "test"), events: [], undo: nav.lastUndo, keeping: nil))
    }

    @Test func theCurrentTreeCostsWhatTheRevisionChanged() throws {
        let small = try workOfTheTreeAfterARoute(modalsInAnotherTab(100))
        let large = try workOfTheTreeAfterARoute(modalsInAnotherTab(200))
        #expect(small == large, "writing the tree after a route: \(small) units of work beside 100 modals, \(large) beside 200")
    }

    /// A stack of `n` posts in the feed tab, every revision in a history, and the text of its tree.
    private func postsInTheStack(_ n: Int) throws -> (Navigator, History, TreeText?) {
        var nav = sampleNavigator()
        var history = History()
        history.append(HistoryEntry(revision: 1, at: 0, cause: .daemonStart, events: [], tree: nav.tree))
        let ops = try (0..<n).map { try NavOperation(method: "nav.route", params: ["to": "post", "params": ["postId": .int($0)]]) }
        _ = try nav.perform(.apply(ops, expectRevision: nil))
        remember(nav, in: &history)
        var text: TreeText?
        history.update(&text, current: nav.tree, revision: nav.revision)
        return (nav, history, text)
    }

    /// A screen's text never changes: a route on a stack copies the text of every screen below
    /// the new one (one lookup of its span each) instead of writing it again (a lookup of its
    /// span, of the screen and to note the new span, and its fields written).
    @Test func aStackWrittenAgainCopiesItsScreens() throws {
        let small = try workOfTheTreeAfterARoute(postsInTheStack(100))
        let large = try workOfTheTreeAfterARoute(postsInTheStack(200))
        #expect(large - small == 100, "writing the tree after a route: \(small) units of work beside 100 posts, \(large) beside 200")
    }

    @Test func aCommitsTreesCostWhatItsRevisionsChanged() throws {
        func work(_ n: Int) throws -> Int {
            var (nav, history, text) = try modalsInAnotherTab(n)
            let since = nav.revision
            _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
            remember(nav, in: &history)
            let routed = nav.tree
            _ = try nav.call("nav.close", [:])
            remember(nav, in: &history)
            let (rows, work) = try WorkMeter.measure { try history.copiedRows(since: since, current: nav.tree, text: &text) }
            #expect(rows.map(\.tree) == [routed.encodedJSON, nav.tree.encodedJSON])
            return work
        }
        let small = try work(100)
        let large = try work(200)
        #expect(small == large, "writing a route's and a close's trees: \(small) units of work beside 100 modals, \(large) beside 200")
    }

    /// Random requests on three apps (tabs, embedded flows in embedded flows, presented tabs
    /// flows), each revision kept in a history, the text brought up to date (spliced) after
    /// one to four revisions at a time: after each update it is exactly the tree's
    /// `encodedJSON`, its spans are those of the tree written whole, and what it says it
    /// shares with the revision before it (`sharedWithPrevious`, what the store's delta does
    /// not compare) is shared.
    @Test func aSplicedTextIsTheTreeWrittenWholeAfterRandomEdits() throws {
        var random = SplitMix64(seed: testSeed("TreeTextTests.aSplicedTextIsTheTreeWrittenWholeAfterRandomEdits"))
        let apps = [sampleNavigator(), try nestedNavigator(), Navigator(definition: try shopDefinition(), instance: "0")]
        var spliced = 0
        for sequence in 0..<90 {
            var nav = apps[sequence % apps.count]
            let requests = RandomRequests(app: nav.definition)
            var history = History(limit: sequence % 5 == 0 ? 3 : 1_000)
            history.append(HistoryEntry(revision: nav.revision, at: 0, cause: .daemonStart, events: [], tree: nav.tree))
            var trees = [nav.revision: nav.tree]
            var text: TreeText?
            var updateAfter = 1
            for step in 0..<80 {
                let before = nav.revision
                requests.perform(on: &nav, trees: trees, random: &random)
                guard nav.revision != before else { continue }
                remember(nav, in: &history)
                trees[nav.revision] = nav.tree
                updateAfter -= 1
                guard updateAfter == 0 else { continue }
                updateAfter = Bool.random(using: &random) ? 1 : Int.random(in: 2...4, using: &random)
                let previous = text
                history.update(&text, current: nav.tree, revision: nav.revision)
                if let problem = Self.problem(of: text!, previous: previous, tree: nav.tree) {
                    Issue.record("sequence \(sequence), step \(step) (\(nav.definition.app), revision \(nav.revision)): \(problem)")
                    return
                }
                if text!.sharedWithPrevious != nil { spliced += 1 }
            }
        }
        // Most updates follow one revision, and most revisions edit the tree.
        #expect(spliced > 400, "only \(spliced) texts were spliced from the revision before")
    }

    /// How `text`, brought up to date from `previous`, differs from `tree` written whole.
    private static func problem(of text: TreeText, previous: TreeText?, tree: NavigationTree) -> String? {
        let whole = TreeText(tree, revision: text.revision)
        guard text.bytes == whole.bytes else {
            return "written as \(String(decoding: text.bytes, as: UTF8.self)), not \(String(decoding: whole.bytes, as: UTF8.self))"
        }
        func spans<Key>(_ table: IDMap<Key, TreeText.Span>) -> [Key: [Int]] {
            Dictionary(uniqueKeysWithValues: table.map { ($0.key, [$0.value.offset, $0.value.count]) })
        }
        guard spans(text.spans) == spans(whole.spans) else { return "the spans \(spans(text.spans)), not \(spans(whole.spans))" }
        guard spans(text.screenSpans) == spans(whole.screenSpans) else {
            return "the screen spans \(spans(text.screenSpans)), not \(spans(whole.screenSpans))"
        }
        guard let shared = text.sharedWithPrevious else { return nil }
        guard let previous, previous.revision == text.revision - 1 else { return "shares with a text it was not written from" }
        let (old, new) = (previous.bytes, text.bytes)
        guard shared.prefix >= 0, shared.suffix >= 0, shared.prefix + shared.suffix <= min(old.count, new.count),
            old[..<shared.prefix] == new[..<shared.prefix], old.suffix(shared.suffix) == new.suffix(shared.suffix)
        else {
            return "does not share \(shared) with \(String(decoding: old, as: UTF8.self))"
        }
        return nil
    }
}

/// Random requests a navigator takes or refuses: routes to any destination with its params
/// (pushed, presented, embedded), closes and pops of any instance, tab selections, finishes,
/// several at once (`nav.apply`), and now and then a `goto` to an older tree or a reset (a
/// tree replaced whole).
private struct RandomRequests {
    let app: AppDefinition

    func perform(on nav: inout Navigator, trees: [Int: NavigationTree], random: inout SplitMix64) {
        let roll = Int.random(in: 0..<100, using: &random)
        do {
            switch roll {
            case ..<3:
                _ = try nav.goto(trees.randomElement(using: &random)!.value)
            case ..<5:
                _ = try nav.reset()
            case ..<12:
                let steps = try (0..<Int.random(in: 2...5, using: &random)).map { _ in try operation(on: nav.tree, random: &random) }
                _ = try nav.perform(.apply(steps))
            default:
                _ = try nav.perform(operation(on: nav.tree, random: &random))
            }
        } catch {
            // Refused: no revision.
        }
    }

    private func operation(on tree: NavigationTree, random: inout SplitMix64) throws -> NavOperation {
        let screens = tree.allScreensInOrder
        let flows = tree.allFlowsInOrder
        switch Int.random(in: 0..<100, using: &random) {
        case ..<50:
            // Mostly where the top screen routes to, so that trees grow.
            let edges = tree.screen(tree.topScreen).flatMap { app.screen(named: $0.name) }?.routes.edges.map(\.to) ?? []
            let to = (edges.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? app.destinationNames : edges)
                .randomElement(using: &random)!
            var params = JSONObject()
            for param in app.screens.first(where: { $0.name == to })?.params ?? [] where param.isRequired {
                switch param.type {
                case .int: params[param.name] = .int(Int.random(in: 0..<1_000, using: &random))
                case .double: params[param.name] = .double(0.5)
                case .bool: params[param.name] = .bool(Bool.random(using: &random))
                case .enumeration(let values): params[param.name] = .string(values[0])
                case .string, .unknown: params[param.name] = .string("t\"é\(Int.random(in: 0..<9, using: &random))")
                }
            }
            var fields: JSONObject = ["to": .string(to), "params": .object(params)]
            if Int.random(in: 0..<4, using: &random) == 0 {
                fields["transition"] = .string(["push", "modal", "modalWithNavigation"].randomElement(using: &random)!)
            }
            return try NavOperation(method: "nav.route", params: .object(fields))
        case ..<68:
            return .close(screen: Bool.random(using: &random) ? nil : screens.randomElement(using: &random))
        case ..<74:
            return .popTo(screen: .id(screens.randomElement(using: &random)!))
        case ..<80:
            return .popToRoot(flow: Bool.random(using: &random) ? nil : flows.randomElement(using: &random))
        case ..<84:
            return .dismissAll()
        case ..<94:
            return .selectTab(.index(Int.random(in: 0..<3, using: &random)), flow: nil)
        default:
            return .finishFlow(flows.randomElement(using: &random)!)
        }
    }
}
