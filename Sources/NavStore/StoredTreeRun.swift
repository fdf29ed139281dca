/// The trees of consecutive rows from a keyframe, as they are stored: the keyframe's JSON and
/// the delta of each row after it. The restored entries of these rows share it and rebuild
/// their tree's JSON from it when a client asks: a history keeps ten thousand revisions, and a
/// whole copy of a large tree for each would not fit in memory.
final class StoredTreeRun: Sendable {
    let keyframe: [UInt8]
    /// Checked when the rows were read (`TreeChain.read`): each applies to the tree before it.
    let deltas: [TreeDelta]

    init(keyframe: [UInt8], deltas: [TreeDelta]) {
        self.keyframe = keyframe
        self.deltas = deltas
    }

    /// The JSON of the tree `count` rows after the keyframe (the keyframe's for 0).
    func tree(afterDeltas count: Int) -> [UInt8] {
        var tree = keyframe
        for delta in deltas[..<count] {
            guard let next = delta.applied(to: tree) else { preconditionFailure("navd: a stored delta that was checked no longer applies") }
            tree = next
        }
        return tree
    }
}
