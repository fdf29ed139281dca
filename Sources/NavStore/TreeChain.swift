/// The trees of the revision rows, as they are written or read in revision order: the newest
/// tree's bytes (the next row's delta is made against them; reading checks each delta against
/// the length of the tree before it) and the revision of the newest keyframe, the last row that
/// holds a whole tree. A row is a keyframe when nothing is known of the row before it, and
/// every `interval` revisions, so that reading any revision starts at most `interval - 1`
/// deltas after a keyframe.
struct TreeChain {
    enum Row {
        case full([UInt8])
        case delta(TreeDelta)
    }

    let interval: Int
    /// The newest row's revision and tree's length, and its tree's bytes once written (or
    /// given after a read: `readNewest`).
    private var newest: (revision: Int, count: Int, tree: [UInt8]?)?
    private var keyframe: Int?

    init(interval: Int) {
        precondition(interval >= 1, "a keyframe every revision at least")
        self.interval = interval
    }

    /// The row that stores `tree` as the tree of `revision`, the row after the newest.
    mutating func write(revision: Int, tree: [UInt8]) -> Row {
        let row: Row
        if let newest, let previous = newest.tree, Self.follows(newest.revision, revision), let keyframe,
            case (let since, false) = revision.subtractingReportingOverflow(keyframe), since < interval
        {
            row = .delta(TreeDelta(from: previous, to: tree))
        } else {
            row = .full(tree)
            keyframe = revision
        }
        newest = (revision, tree.count, tree)
        return row
    }

    /// Takes the row of `revision`, read after the rows before it; `false` when its delta has
    /// no tree to apply to (the row before it is not the revision before it, or is shorter
    /// than the delta says). Only lengths are followed: the trees are rebuilt when they are
    /// asked for (`StoredTreeRun`), and the newest one is given back with `readNewest`.
    mutating func read(revision: Int, row: Row) -> Bool {
        switch row {
        case .full(let tree):
            keyframe = revision
            newest = (revision, tree.count, nil)
        case .delta(let delta):
            guard let newest, Self.follows(newest.revision, revision), let count = delta.length(after: newest.count) else { return false }
            self.newest = (revision, count, nil)
        }
        return true
    }

    /// Whether `revision` is the one after `previous`. Read revisions are whatever the file
    /// holds: no arithmetic on them may trap.
    static func follows(_ previous: Int, _ revision: Int) -> Bool {
        previous != Int.max && previous + 1 == revision
    }

    /// The newest row's tree, rebuilt after the rows were read: the next row is written
    /// against it.
    mutating func readNewest(_ tree: [UInt8]) {
        precondition(newest?.count == tree.count, "navd: the newest stored tree was rebuilt at another length")
        newest!.tree = tree
    }
}
