import Testing
@testable import NavigationCore
@testable import NavHistory
import NavProtocol
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
}
