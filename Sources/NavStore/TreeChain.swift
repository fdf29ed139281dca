/// The trees of the revision rows, as they are written or read in revision order: the newest
/// tree's bytes (the next row's delta is made or applied against them) and the revisions of
/// the keyframes, the rows that hold a whole tree. A row is a keyframe when nothing is known
/// of the row before it, and every `interval` revisions, so that reading any revision starts
/// at most `interval - 1` deltas after a keyframe and the oldest rows can go a keyframe at a
/// time.
struct TreeChain {
    enum Row {
        case full([UInt8])
        case delta(TreeDelta)
    }

    let interval: Int
    private var newest: (revision: Int, tree: [UInt8])?
    /// Increasing; those before `firstKeyframe` are pruned already.
    private var keyframes: [Int] = []
    private var firstKeyframe = 0

    init(interval: Int) {
        precondition(interval >= 1, "a keyframe every revision at least")
        self.interval = interval
    }

    /// The row that stores `tree` as the tree of `revision`, the row after the newest.
    mutating func write(revision: Int, tree: [UInt8]) -> Row {
        let row: Row
        if let newest, newest.revision == revision - 1, let keyframe = keyframes.last, revision - keyframe < interval {
            row = .delta(TreeDelta(from: newest.tree, to: tree))
        } else {
            row = .full(tree)
            keyframes.append(revision)
        }
        newest = (revision, tree)
        return row
    }

    /// The tree of the row of `revision`, read after the rows before it: `full` for a keyframe,
    /// else `delta`. `nil` when the delta has no tree to apply to (the row before it is not
    /// the revision before it, or is shorter than the delta says).
    mutating func read(revision: Int, full: [UInt8]?, delta: TreeDelta?) -> [UInt8]? {
        let tree: [UInt8]
        if let full {
            tree = full
            keyframes.append(revision)
        } else {
            guard let delta, let newest, newest.revision == revision - 1, let applied = delta.applied(to: newest.tree) else { return nil }
            tree = applied
        }
        newest = (revision, tree)
        return tree
    }

    /// When rows older than the newest keyframe at or before `first` are still there: that
    /// keyframe's revision, before which every row can go while `first` and every revision
    /// after it can still be read. Forgets the keyframes before it.
    mutating func prunableBefore(keeping first: Int) -> Int? {
        // The first kept keyframe after those at or before `first`, by a binary search.
        var low = firstKeyframe
        var high = keyframes.count
        while low < high {
            let middle = (low + high) / 2
            if keyframes[middle] <= first { low = middle + 1 } else { high = middle }
        }
        let newestBefore = low - 1
        guard newestBefore > firstKeyframe else { return nil }
        firstKeyframe = newestBefore
        if firstKeyframe > 1024 && firstKeyframe * 2 > keyframes.count {
            keyframes.removeFirst(firstKeyframe)
            firstKeyframe = 0
        }
        return keyframes[firstKeyframe]
    }
}
