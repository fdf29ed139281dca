internal import Synchronization

/// The trees of consecutive rows from a keyframe, as they are stored: the keyframe's JSON and
/// the delta of each row after it. The restored entries of these rows share it and rebuild
/// their tree's JSON from it when a client asks: a history keeps ten thousand revisions, and a
/// whole copy of a large tree for each would not fit in memory.
///
/// A tree `count` deltas after the keyframe is rebuilt by composing those deltas as pieces of
/// the keyframe and of the deltas' middles (`compose`), then copying the pieces once: a run
/// can be up to `StateDatabase.keyframeInterval` rows long, and applying each delta to a whole copy of a
/// large tree would cost that many copies. The run also keeps the last tree it rebuilt and
/// goes on from there: `nav.history` writes a page oldest first, so each tree of the page
/// costs one delta. A run holds at most one tree besides its keyframe.
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
            let rebuilt = start == count ? tree : Self.compose(tree, deltas[start..<count])
            last = (count, rebuilt, (last?.deltasApplied ?? 0) + count - start)
            return rebuilt
        }
    }

    /// Deltas applied since the run was made.
    var deltasApplied: Int { last.withLock { $0?.deltasApplied ?? 0 } }

    /// A part of a tree being rebuilt: bytes of the tree the deltas start from (`source`
    /// -1) or of the middle of the delta at `source`.
    struct Piece: Equatable {
        var source: Int
        var range: Range<Int>
    }

    /// `base` after `deltas`, in order. The tree is kept as pieces while the deltas are
    /// applied, and copied once at the end: a delta keeps pieces of its prefix and suffix,
    /// adding its middle and at most one cut piece, so there are at most `2 k + 1` pieces after
    /// `k` deltas, and rebuilding costs `O(k²)` steps on pieces and one copy of the tree (not
    /// `k` copies).
    static func compose(_ base: [UInt8], _ deltas: ArraySlice<TreeDelta>) -> [UInt8] {
        var pieces = base.isEmpty ? [] : [Piece(source: -1, range: 0..<base.count)]
        var length = base.count
        var next: [Piece] = []
        for index in deltas.indices {
            let delta = deltas[index]
            guard let after = delta.length(after: length) else {
                preconditionFailure("navd: a stored delta that was checked no longer applies")
            }
            next.removeAll(keepingCapacity: true)
            take(pieces, in: 0..<delta.prefix, into: &next)
            if !delta.middle.isEmpty { next.append(Piece(source: index, range: 0..<delta.middle.count)) }
            take(pieces, in: (length - delta.suffix)..<length, into: &next)
            swap(&pieces, &next)
            length = after
        }
        var tree: [UInt8] = []
        tree.reserveCapacity(length)
        for piece in pieces {
            if piece.source < 0 {
                tree += base[piece.range]
            } else {
                // A piece's range counts from the start of the middle, whatever its indices.
                let middle = deltas[piece.source].middle
                tree += middle[(middle.startIndex + piece.range.lowerBound)..<(middle.startIndex + piece.range.upperBound)]
            }
        }
        return tree
    }

    /// Appends what of `pieces` (a text, their bytes one after another) lies in `wanted`, a
    /// piece that continues the last one of `out` merged into it.
    private static func take(_ pieces: [Piece], in wanted: Range<Int>, into out: inout [Piece]) {
        guard !wanted.isEmpty else { return }
        var offset = 0
        for piece in pieces {
            let end = offset + piece.range.count
            if end > wanted.lowerBound {
                let from = piece.range.lowerBound + max(wanted.lowerBound, offset) - offset
                let to = piece.range.lowerBound + min(wanted.upperBound, end) - offset
                if let previous = out.last, previous.source == piece.source, previous.range.upperBound == from {
                    out[out.count - 1].range = previous.range.lowerBound..<to
                } else {
                    out.append(Piece(source: piece.source, range: from..<to))
                }
            }
            if end >= wanted.upperBound { return }
            offset = end
        }
    }
}
