import Testing
@testable import NavigationCore
@testable import NavHistory
import NavTestSupport

/// Which revisions keep their tree in memory (`KeptTrees`): every 64th of a small tree, as
/// before; for a tree much larger than what each revision edits, one in 1,024, so that a
/// 5,000-screen tree is not copied every 64 revisions.
@Suite struct KeptTreesTests {
    /// The revisions (1 for the first) whose trees `rule` keeps, for `count` revisions that
    /// route and close on the sample app, with `nodes` the size it is told the tree has.
    func kept(count: Int, nodes: ((Navigator) -> Int)) throws -> [Int] {
        var nav = sampleNavigator()
        var rule = KeptTrees()
        var kept: [Int] = []
        for index in 1...count {
            if index % 2 == 1 {
                _ = try nav.perform(.route(RouteRequest(to: "post", params: ["postId": .int(index)])))
            } else {
                _ = try nav.perform(.close(screen: nil))
            }
            if rule.keeps(undo: nav.lastUndo, nodes: nodes(nav)) { kept.append(index) }
        }
        return kept
    }

    @Test func aSmallTreeIsKeptEveryMinimumRun() throws {
        let result = try kept(count: 200) { $0.tree.screens.count + $0.tree.flows.count }
        #expect(result == [64, 128, 192])
    }

    @Test func aTreeMuchLargerThanItsEditsIsKeptOncePerMaximumRun() throws {
        let result = try kept(count: 2_100) { _ in 1_000_000 }
        #expect(result == [1_024, 2_048])
    }

    @Test func editsAddingUpToTheTreeKeepItAfterTheMinimumRun() throws {
        // Each route or close edits the tree at least once: 200 edits come after 200
        // revisions at the latest.
        let result = try kept(count: 1_000) { _ in 200 }
        #expect(!result.isEmpty && result.allSatisfy { $0 >= 64 })
        #expect(zip(result, result.dropFirst()).allSatisfy { $1 - $0 >= 64 && $1 - $0 <= 200 })
    }
}
