internal import Synchronization

/// The trees of consecutive rows from a keyframe, as they are stored: the keyframe's JSON and
/// the delta of each row after it. The restored entries of these rows share it and rebuild
/// their tree's JSON from it when a client asks: a history keeps ten thousand revisions, and a
/// whole copy of a large tree for each would not fit in memory.
///
/// The run keeps the last tree it rebuilt, and rebuilds a later one from there: `nav.history`
/// writes a page oldest first, so each tree of the page costs one delta, not every delta from
/// the keyframe (up to `StateDatabase.keyframeInterval - 1` copies of the whole tree). A run
/// holds at most one tree besides its keyframe.
final class StoredTreeRun: Sendable {
    let keyframe: [UInt8]
    /// Checked when the rows were read (`TreeChain.read`): each applies to the tree before it.
    let deltas: [TreeDelta]
    /// The last tree rebuilt and the deltas it took, and every delta applied since the run
    /// was made (what a test reads of the walk).
    private let last = Mutex<(count: Int, tree: [UInt8], deltasApplied: Int)?>(nil)

    init(keyframe: [UInt8], deltas: [TreeDelta]) {
        self.keyframe = keyframe
        self.deltas = deltas
    }

    /// The JSON of the tree `count` rows after the keyframe (the keyframe's for 0).
    func tree(afterDeltas count: Int) -> [UInt8] {
        last.withLock { last in
            let (start, tree) = last.map { $0.count <= count ? ($0.count, $0.tree) : (0, keyframe) } ?? (0, keyframe)
            var rebuilt = tree
            for delta in deltas[start..<count] {
                guard let next = delta.applied(to: rebuilt) else { preconditionFailure("navd: a stored delta that was checked no longer applies") }
                rebuilt = next
            }
            last = (count, rebuilt, (last?.deltasApplied ?? 0) + count - start)
            return rebuilt
        }
    }

    /// Deltas applied since the run was made.
    var deltasApplied: Int { last.withLock { $0?.deltasApplied ?? 0 } }
}
