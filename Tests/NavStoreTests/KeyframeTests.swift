import Testing
import NavRandom
@testable import NavStore

/// Keyframes chosen by bytes (`TreeChain`): a large tree that changes a little at a time was
/// stored whole every 64 revisions (a 5,000-screen tree with 10,000 revisions of history took
/// 214 MB on disk, and as much memory after a restart); it is stored whole once per
/// `interval` revisions, or when its deltas add up to the tree. Rebuilding a tree from a long
/// run composes the deltas and copies the tree once (`StoredTreeRun.compose`).
@Suite struct KeyframeTests {
    /// The revisions of `trees` (the first is revision 1) that `chain` writes whole.
    static func keyframes(of trees: [[UInt8]], in chain: inout TreeChain) -> [Int] {
        var whole: [Int] = []
        for (index, tree) in trees.enumerated() {
            if case .full = chain.write(revision: index + 1, tree: tree) { whole.append(index + 1) }
        }
        return whole
    }

    /// `count` versions of a text of `size` bytes, each changing `changed` bytes of the one
    /// before at a random place.
    static func edits(size: Int, changed: Int, count: Int, seed: UInt64) -> [[UInt8]] {
        var random = SplitMix64(seed: seed)
        var tree = (0..<size).map { _ in UInt8.random(in: 97...122, using: &random) }
        var trees = [tree]
        for _ in 1..<count {
            let at = Int.random(in: 0...(tree.count - changed), using: &random)
            for index in at..<(at + changed) { tree[index] = UInt8.random(in: 65...90, using: &random) }
            trees.append(tree)
        }
        return trees
    }

    @Test func aLargeTreeThatChangesALittleIsStoredWholeOncePerInterval() {
        let trees = Self.edits(size: 100_000, changed: 20, count: 2_100, seed: 1)
        var chain = TreeChain(interval: 1_024, minimumRun: 64)
        #expect(Self.keyframes(of: trees, in: &chain) == [1, 1_025, 2_049])
    }

    @Test func aSmallTreeThatChangesMuchIsStoredWholeEveryMinimumRun() {
        let trees = Self.edits(size: 1_000, changed: 400, count: 200, seed: 2)
        var chain = TreeChain(interval: 1_024, minimumRun: 64)
        #expect(Self.keyframes(of: trees, in: &chain) == [1, 65, 129, 193])
    }

    @Test func deltasAddingUpToTheKeyframeStartANewRun() {
        // 5,000 bytes; each delta about 216 bytes in its row: after the first 64 rows, a new
        // keyframe once the run's deltas pass 5,000 bytes (23 deltas).
        let trees = Self.edits(size: 5_000, changed: 200, count: 100, seed: 3)
        var chain = TreeChain(interval: 1_024, minimumRun: 16)
        let whole = Self.keyframes(of: trees, in: &chain)
        #expect(whole.first == 1)
        #expect(whole.count >= 4 && whole.count <= 6)
        for (start, next) in zip(whole, whole.dropFirst()) {
            #expect(next - start >= 16)
        }
    }

    @Test func aRunOfAThousandDeltasRebuildsEveryTree() {
        let trees = Self.edits(size: 20_000, changed: 12, count: 1_024, seed: 4)
        let deltas = zip(trees, trees.dropFirst()).map { TreeDelta(from: $0, to: $1) }
        var random = SplitMix64(seed: 5)
        let run = StoredTreeRun(keyframe: trees[0], deltas: deltas)
        for count in [1_023, 0, 512, 1_023] + (0..<20).map({ _ in Int.random(in: 0...1_023, using: &random) }) {
            #expect(run.tree(afterDeltas: count) == trees[count], "tree \(count)")
        }
        #expect(StoredTreeRun.compose(trees[0], deltas[...]) == trees[1_023])
    }
}
