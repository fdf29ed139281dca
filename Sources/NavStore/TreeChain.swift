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
    /// A row's tree as it is read.
    enum Row {
        case full([UInt8])
        case delta(TreeDelta)
    }

    /// How a row written stores its tree (`write`): whole, or as what lies between the bytes
    /// it shares with the tree before it at its start and at its end.
    enum Stored: Equatable {
        case whole
        case delta(prefix: Int, suffix: Int)
    }

    /// Rows from one keyframe to the next at most.
    let interval: Int
    /// Rows from one keyframe to the next at least, unless `interval` is smaller.
    let minimumRun: Int
    /// What `newestTree` holds of the newest row's tree.
    private enum NewestBytes {
        /// Nothing: the rows were read and it was not given back yet (`readNewest`).
        case none
        /// Its bytes as read from the file (`readNewest`).
        case read
        /// Its bytes as this navd wrote them: what a splice of the next tree's text knows it
        /// shares with them (`write`'s `known`) is of these bytes. The file's may have been
        /// written another way (by an older navd).
        case written
    }

    /// The newest row's revision and tree's length, and what `newestTree` holds of its bytes.
    private var newest: (revision: Int, count: Int, bytes: NewestBytes)?
    /// The newest tree's bytes, copied when a row is written (a delta's middle only, in place
    /// of the bytes it replaces): the tree a row is written from is borrowed for the call
    /// (`RevisionRows`). The buffer is kept, its capacity with it.
    private var newestTree: [UInt8] = []
    private var keyframe: Int?
    /// The newest keyframe's bytes, and the bytes of the deltas after it.
    private var keyframeBytes = 0
    private var deltaBytes = 0

    init(interval: Int, minimumRun: Int) {
        precondition(interval >= 1, "a keyframe every revision at least")
        self.interval = interval
        self.minimumRun = min(max(1, minimumRun), interval)
    }

    /// How the row after the newest stores `tree` as the tree of `revision`. `known`: bytes it
    /// is known to share at its start and end with the tree of the revision before, as this
    /// navd writes it (`RevisionRows.Row.treeShares`), not compared again.
    mutating func write(revision: Int, tree: UnsafeRawBufferPointer, knowing known: (prefix: Int, suffix: Int) = (0, 0)) -> Stored {
        var row = Stored.whole
        if let newest, newest.bytes != .none, Self.follows(newest.revision, revision), let keyframe,
            case (let since, false) = revision.subtractingReportingOverflow(keyframe), since < interval
        {
            let known = newest.bytes == .written ? known : (prefix: 0, suffix: 0)
            let (prefix, suffix) = newestTree.withUnsafeBytes { TreeDelta.sharedEnds(of: $0, and: tree, knowing: known) }
            let bytes = deltaBytes + TreeDelta.storedBytes(middle: tree.count - prefix - suffix)
            if since < minimumRun || bytes <= keyframeBytes {
                row = .delta(prefix: prefix, suffix: suffix)
                deltaBytes = bytes
            }
        }
        switch row {
        case .whole:
            startRun(at: revision, bytes: tree.count)
            keep(tree)
        case .delta(let prefix, let suffix):
            // Only what lies between the shared ends is copied.
            newestTree.replaceSubrange(
                prefix..<(newestTree.count - suffix), with: UnsafeRawBufferPointer(rebasing: tree[prefix..<(tree.count - suffix)]))
        }
        newest = (revision, tree.count, .written)
        return row
    }

    /// Copies `tree` into `newestTree`, in place of what it held.
    private mutating func keep(_ tree: UnsafeRawBufferPointer) {
        newestTree.removeAll(keepingCapacity: true)
        newestTree.append(contentsOf: tree)
    }

    /// Takes the row of `revision`, read after the rows before it; `false` when its delta has
    /// no tree to apply to (the row before it is not the revision before it, or is shorter
    /// than the delta says). Only lengths are followed: the trees are rebuilt when they are
    /// asked for (`StoredTreeRun`), and the newest one is given back with `readNewest`.
    mutating func read(revision: Int, row: Row) -> Bool {
        switch row {
        case .full(let tree):
            startRun(at: revision, bytes: tree.count)
            newest = (revision, tree.count, .none)
        case .delta(let delta):
            guard let newest, Self.follows(newest.revision, revision), let count = delta.length(after: newest.count) else { return false }
            deltaBytes += delta.storedBytes
            self.newest = (revision, count, .none)
        }
        return true
    }

    private mutating func startRun(at revision: Int, bytes: Int) {
        keyframe = revision
        keyframeBytes = bytes
        deltaBytes = 0
    }

    /// Forgets the rows written: a commit that wrote some failed, and the next row written is
    /// a keyframe (a delta against a row that is not on disk could not be read).
    mutating func forget() {
        newest = nil
        keyframe = nil
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
        tree.withUnsafeBytes { keep($0) }
        newest!.bytes = .read
    }
}
