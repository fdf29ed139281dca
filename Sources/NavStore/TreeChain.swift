/// The trees of the revision rows, as they are written or read in revision order: the newest
/// tree's bytes (the next row's delta is made against them; reading checks each delta against
/// the length of the tree before it), the revision of the newest keyframe (the last row that
/// holds a whole tree) and the bytes written since it.
///
/// Keyframes are chosen by bytes: a row is a keyframe when nothing is known of the row before
/// it; when `interval` rows came since the last keyframe (reading any revision composes at
/// most `interval - 1` deltas, `StoredTreeRun.compose`); or, once a run has `minimumRun` rows,
/// when its deltas would add up to more than its keyframe. A small tree is stored whole every
/// `minimumRun` revisions, as with a fixed interval; a large one that changes a little at a
/// time is not stored whole every 64 revisions (a 5,000-screen tree and 10,000 revisions made
/// 214 MB of keyframes), but once per `interval` revisions at most, or when what changed is as
/// large as the tree. The rows of a run beyond its first `minimumRun` never hold more than its
/// keyframe.
struct TreeChain {
    enum Row {
        case full([UInt8])
        case delta(TreeDelta)
    }

    /// Rows from one keyframe to the next at most.
    let interval: Int
    /// Rows from one keyframe to the next at least, unless `interval` is smaller.
    let minimumRun: Int
    /// The newest row's revision and tree's length, and its tree's bytes once written (or
    /// given after a read: `readNewest`).
    private var newest: (revision: Int, count: Int, tree: [UInt8]?)?
    private var keyframe: Int?
    /// The newest keyframe's bytes, and the bytes of the deltas after it.
    private var keyframeBytes = 0
    private var deltaBytes = 0

    init(interval: Int, minimumRun: Int) {
        precondition(interval >= 1, "a keyframe every revision at least")
        self.interval = interval
        self.minimumRun = min(max(1, minimumRun), interval)
    }

    /// The row that stores `tree` as the tree of `revision`, the row after the newest.
    mutating func write(revision: Int, tree: [UInt8]) -> Row {
        var row = Row.full(tree)
        if let newest, let previous = newest.tree, Self.follows(newest.revision, revision), let keyframe,
            case (let since, false) = revision.subtractingReportingOverflow(keyframe), since < interval
        {
            let delta = TreeDelta(from: previous, to: tree)
            let bytes = deltaBytes + delta.storedBytes
            if since < minimumRun || bytes <= keyframeBytes {
                row = .delta(delta)
                deltaBytes = bytes
            }
        }
        if case .full = row { startRun(at: revision, bytes: tree.count) }
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
            startRun(at: revision, bytes: tree.count)
            newest = (revision, tree.count, nil)
        case .delta(let delta):
            guard let newest, Self.follows(newest.revision, revision), let count = delta.length(after: newest.count) else { return false }
            deltaBytes += delta.storedBytes
            self.newest = (revision, count, nil)
        }
        return true
    }

    private mutating func startRun(at revision: Int, bytes: Int) {
        keyframe = revision
        keyframeBytes = bytes
        deltaBytes = 0
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
