import NavRandom
import Testing
@testable import NavStore

/// A delta rebuilds exactly the tree it was made from, whatever the two texts share, and a
/// delta that does not fit the tree it is applied to is refused.
@Suite struct TreeDeltaTests {
    @Test(arguments: [
        ("", ""), ("", "abc"), ("abc", ""), ("abc", "abc"),
        // Shared start and end that would overlap: the repeated byte is counted once.
        ("aaa", "aa"), ("aa", "aaa"), ("abca", "abcbca"),
        ("{\"screens\":[1,2]}", "{\"screens\":[1,2,3]}"), ("{\"screens\":[1,2,3]}", "{\"screens\":[1,3]}"),
    ])
    func aDeltaRebuildsItsTree(previous: String, tree: String) {
        let delta = TreeDelta(from: Array(previous.utf8), to: Array(tree.utf8))
        #expect(delta.applied(to: Array(previous.utf8)) == Array(tree.utf8))
        #expect(delta.prefix + delta.suffix <= min(previous.utf8.count, tree.utf8.count))
    }

    @Test func randomEditsOfRandomTextsRoundTrip() {
        var random = SplitMix64(seed: 0x7e1a)
        for _ in 0..<2_000 {
            // Short texts, and texts of several blocks of the shared-run search.
            let length = Int.random(in: 0...(Bool.random(using: &random) ? 120 : 3_000), using: &random)
            let previous = (0..<length).map { _ in UInt8.random(in: 97...99, using: &random) }
            var tree = previous
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...tree.count, using: &random)
                if Bool.random(using: &random) || tree.isEmpty || at == tree.count {
                    tree.insert(contentsOf: (0..<Int.random(in: 1...5, using: &random)).map { _ in UInt8.random(in: 97...99, using: &random) }, at: at)
                } else {
                    tree.removeSubrange(at..<min(tree.count, at + Int.random(in: 1...5, using: &random)))
                }
            }
            let delta = TreeDelta(from: previous, to: tree)
            #expect(delta.applied(to: previous) == tree)
            #expect(delta.middle.count <= tree.count)
            // As short as it can be: the shared start is taken whole, then the shared end of
            // what is left.
            let shortest = min(previous.count, tree.count)
            let prefix = zip(previous, tree).prefix { $0 == $1 }.count
            let suffix = zip(previous[prefix...].reversed(), tree[prefix...].reversed()).prefix { $0 == $1 }.count
            #expect(delta.prefix == prefix && delta.suffix == min(suffix, shortest - prefix))
        }
    }

    /// What a splice of the tree's text knows the two trees share (`knowing`) is not compared
    /// again, and the ends found are those found by comparing every byte: the rows stay the
    /// same bytes.
    @Test func knownSharedEndsFindTheSameEnds() {
        var random = SplitMix64(seed: testSeed("TreeDeltaTests.knownSharedEndsFindTheSameEnds"))
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...(Bool.random(using: &random) ? 80 : 2_000), using: &random)
            let previous = (0..<length).map { _ in UInt8.random(in: 97...98, using: &random) }
            var tree = previous
            if Bool.random(using: &random) || tree.isEmpty {
                let at = Int.random(in: 0...tree.count, using: &random)
                tree.replaceSubrange(
                    at..<min(tree.count, at + Int.random(in: 0...6, using: &random)),
                    with: (0..<Int.random(in: 0...6, using: &random)).map { _ in UInt8.random(in: 97...98, using: &random) })
            }
            let ends = previous.withUnsafeBytes { old in tree.withUnsafeBytes { TreeDelta.sharedEnds(of: old, and: $0) } }
            // Any lengths the two share, at most the whole of the shorter (a splice that wrote
            // nothing knows its whole text is shared at its start).
            let shortest = min(previous.count, tree.count)
            let sharedPrefix = zip(previous, tree).prefix { $0 == $1 }.count
            let sharedSuffix = zip(previous.reversed(), tree.reversed()).prefix { $0 == $1 }.count
            let knownPrefix = Int.random(in: 0...sharedPrefix, using: &random)
            let knownSuffix = Int.random(in: 0...min(sharedSuffix, shortest - knownPrefix), using: &random)
            let found = previous.withUnsafeBytes { old in
                tree.withUnsafeBytes { TreeDelta.sharedEnds(of: old, and: $0, knowing: (knownPrefix, knownSuffix)) }
            }
            #expect(found == ends, "knowing \(knownPrefix) and \(knownSuffix) of \(previous.count) and \(tree.count) bytes")
        }
    }

    @Test func aDeltaLongerThanTheTreeBeforeItIsRefused() {
        let delta = TreeDelta(prefix: 3, suffix: 2, middle: Array("x".utf8))
        #expect(delta.applied(to: Array("abcde".utf8)) == Array("abcxde".utf8))
        #expect(delta.applied(to: Array("abcd".utf8)) == nil)
        #expect(TreeDelta(prefix: -1, suffix: 0, middle: []).applied(to: Array("abc".utf8)) == nil)
    }
}

/// A run rebuilds each of its trees exactly, in any order, and a walk forward through it (a
/// `nav.history` page, oldest first) applies each delta once.
@Suite struct StoredTreeRunTests {
    @Test func aRunRebuildsEachTreeInAnyOrderAndAWalkForwardAppliesEachDeltaOnce() {
        var random = SplitMix64(seed: 0x5eed)
        var trees: [[UInt8]] = [(0..<2_000).map { _ in UInt8.random(in: 97...100, using: &random) }]
        for _ in 0..<63 {
            var tree = trees.last!
            let at = Int.random(in: 0..<tree.count, using: &random)
            tree.replaceSubrange(at..<min(tree.count, at + 4), with: (0..<Int.random(in: 0...8, using: &random)).map { _ in UInt8(ascii: "x") })
            trees.append(tree)
        }
        let deltas = zip(trees, trees.dropFirst()).map { TreeDelta(from: $0, to: $1) }

        let forward = StoredTreeRun(keyframe: trees[0], deltas: deltas)
        for count in trees.indices where forward.tree(afterDeltas: count) != trees[count] {
            Issue.record("tree \(count) of the walk forward differs")
        }
        #expect(forward.deltasApplied == deltas.count)

        let anyOrder = StoredTreeRun(keyframe: trees[0], deltas: deltas)
        for count in trees.indices.shuffled(using: &random) + [63, 0, 63, 62] where anyOrder.tree(afterDeltas: count) != trees[count] {
            Issue.record("tree \(count) asked out of order differs")
        }
    }
}
