public import NavigationCore
public import NavHistory
import NavJSON
import Glibc

/// navd's state in one SQLite database (`STATE_DIR/APP.sqlite`, WAL): opened with its lock
/// held, checked before anything is written to it, then loaded once and committed to once per
/// loop iteration. Statements are prepared once and reused.
public final class StateDatabase {
    public let path: String
    /// Revisions a load returns. The database holds up to `slots` (`StoreSchema`).
    public let historyLimit: Int
    /// The rows of the ring: at least `historyLimit` and a keyframe interval.
    let slots: Int
    /// The schema the file had when it was opened, when navd upgraded it to
    /// `StoreSchema.version` (an older navd cannot read it any more).
    public let upgradedFrom: Int?
    /// Revisions from one keyframe to the next at most (fewer when the history is shorter):
    /// reading a stored tree composes at most this many deltas less one (`TreeChain`).
    static let keyframeInterval = 1024
    /// Revisions from one keyframe to the next at least: a run's deltas beyond these are
    /// never more bytes than its keyframe.
    static let minimumRun = 64
    /// The layout this navd writes (`PRAGMA user_version`).
    public static let schemaVersion = StoreSchema.version
    /// The page size of a database navd creates.
    static let pageSize = 2048
    /// When the log is copied into the database (a checkpoint): SQLite reads the log's frames
    /// back, writes their pages into the database and syncs both files, some milliseconds in
    /// which nothing else runs.
    public struct Checkpoints: Sendable {
        /// Pages of log (2 KB each) from which the owner checkpoints when navd is quiet
        /// (`wantsCheckpoint`).
        public let quiet: Int
        /// Pages of log at which the commit that reaches them checkpoints before it returns,
        /// quiet or not: what bounds the log's file under a load that never pauses.
        public let forced: Int

        public init(quiet: Int, forced: Int) {
            precondition(quiet >= 1 && quiet <= forced, "a quiet checkpoint comes before a forced one")
            self.quiet = quiet
            self.forced = forced
        }

        /// 512 KB of log when quiet, so that a burst of commits starts with a log nearly
        /// empty; 8 MB at most (SQLite itself checkpoints at 1,000 pages, inside the commit).
        public static let standard = Checkpoints(quiet: 256, forced: 4_096)
    }
    public let checkpoints: Checkpoints
    private var lock: StoreLock?
    /// Internal, not private: tests read what navd's VFS did to its log (`logCounts`).
    let connection: SQLiteConnection
    private let begin: SQLiteStatement
    private let end: SQLiteStatement
    private let rollback: SQLiteStatement
    private let insertRevision: SQLiteStatement
    private let setMeta: SQLiteStatement
    /// Revisions between keyframes at most: at most `historyLimit` too, so that the rows on
    /// disk are never more than twice the history.
    private let keyframeInterval: Int
    /// The trees of the rows written so far (the newest, and where the last keyframe is).
    /// Unchecked as `session` is.
    @exclusivity(unchecked) private var written: TreeChain
    /// The state's parts that `meta` holds as the last commit wrote them (`nil` before the
    /// first), and the session's JSON of the commit being made: a commit writes them only
    /// when they changed.
    private var storedInstance: String?
    private var storedSession: [UInt8]?
    /// Its accesses are not checked at run time (a call to the runtime each, about 90
    /// instructions): only this class's methods reach it, one at a time, on the thread that
    /// commits.
    @exclusivity(unchecked) private var session = JSONBuffer(capacity: 256)
    /// The session whose JSON `storedSession` is, once a commit compared them (`nil` after a
    /// load): most commits leave the session as it was, and comparing it as a value (its
    /// arrays shared with the navigator's) costs less than writing its JSON to compare that.
    private var committedSession: Session?

    /// Opens `path` for `app`, creating it if it is new. Throws `.locked` when another process
    /// holds it, `.unreadable`, `.newerSchema` or `.otherApp` for a file navd must not use:
    /// such a file is left exactly as it was.
    public init(
        path: String, app: String, sync: SyncMode = .normal, historyLimit: Int = History.defaultLimit,
        checkpoints: Checkpoints = .standard
    ) throws(StoreError) {
        precondition(historyLimit >= 1, "a history keeps at least one entry")
        self.path = path
        self.historyLimit = historyLimit
        self.checkpoints = checkpoints
        let lock = try StoreLock(database: path)
        try WALHeader.check(database: path)
        // Created private (SQLite would make it 0644, and its -wal and -shm files as it is).
        // A file navd cannot write is refused here, not at the first mutation (SQLite would
        // open it read-only without a word).
        let created = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard created >= 0 else { throw StoreError.system(errno, path: path, doing: "cannot open it to write") }
        Glibc.close(created)
        let connection = try SQLiteConnection(path: path, sync: sync)
        if connection.isReadOnly { throw StoreError(.readOnly, path: path, detail: "SQLite opened it read-only") }
        // Read before anything is written: a file that is not navd's is refused untouched.
        let version = try connection.integer("PRAGMA user_version")
        let objects = try connection.integer("SELECT count(*) FROM sqlite_master")
        if version > StoreSchema.version {
            throw StoreError(.newerSchema(found: version, supported: StoreSchema.version), path: path)
        }
        if version == 0 && objects > 0 {
            throw StoreError(.unreadable, path: path, detail: "an SQLite database, but not navd's")
        }
        if version >= 1 {
            let statement = try connection.prepare(StoreSchema.app)
            let found = try statement.step() ? statement.string(0) : nil
            statement.reset()
            guard let found else { throw StoreError(.unreadable, path: path, detail: "its app name is missing") }
            guard found == app else { throw StoreError(.otherApp(found: found), path: path, detail: "this navd serves '\(app)'") }
        }
        // The database is navd's alone (the lock above): SQLite keeps its own locks from the
        // first write to the end instead of taking them at every transaction, and the WAL index
        // lives in memory, not in a -shm file.
        try connection.execute("PRAGMA locking_mode = EXCLUSIVE")
        if version == 0 {
            // A new file: pages of 2 KB, set before WAL mode writes the first one (it cannot
            // change after). A commit writes its last leaf page whole to the WAL, with a
            // checksum over every byte: a route's row is a few hundred bytes, and 4 KB pages
            // made writing and checksumming the page most of SQLite's time per commit.
            try connection.execute("PRAGMA page_size = \(Self.pageSize)")
        }
        let mode = try connection.prepare("PRAGMA journal_mode = WAL")
        let journal = try mode.step() ? mode.string(0) : nil
        mode.reset()
        guard journal?.lowercased() == "wal" else {
            throw StoreError(.failed, path: path, detail: "cannot use WAL mode (journal mode \(journal ?? "unknown"))")
        }
        // SQLite syncs the log at the end of every commit, and a checkpoint with its other flag
        // (`checkpoint_fullfsync`): navd's VFS writes the commit's frames in one write at the
        // first, and lets it reach the disk with `--sync full` only; a checkpoint's syncs always do.
        try connection.execute("PRAGMA synchronous = FULL; PRAGMA fullfsync = OFF; PRAGMA checkpoint_fullfsync = ON")
        connection.checkpointLog(atPages: checkpoints.forced)
        let keyframeInterval = min(Self.keyframeInterval, historyLimit)
        // --history may be as large as an Int: the ring's size saturates instead of trapping.
        let (sum, overflow) = historyLimit.addingReportingOverflow(keyframeInterval)
        let needed = overflow ? Int.max : sum
        var slots = needed
        var grows = false
        if version == StoreSchema.version {
            let statement = try connection.prepare(StoreSchema.slots)
            let stored = try statement.step() ? statement.string(0).flatMap { Int($0) } : nil
            statement.reset()
            guard let stored, stored >= 1 else { throw StoreError(.unreadable, path: path, detail: "its history's size ('slots') is missing or not a number") }
            // A smaller --history than before keeps the ring as it is (a load reads what it needs).
            grows = stored < needed
            slots = max(stored, needed)
        }
        if version < StoreSchema.version || grows {
            try connection.execute("BEGIN IMMEDIATE")
            do throws(StoreError) {
                switch version {
                case 0:
                    try connection.execute(StoreSchema.create)
                    let insertApp = try connection.prepare(StoreSchema.insertApp)
                    try insertApp.bind(app, at: 1)
                    try insertApp.run()
                    let setSlots = try connection.prepare(StoreSchema.setSlots)
                    try setSlots.bind(String(slots), at: 1)
                    try setSlots.run()
                case StoreSchema.version:
                    // A larger --history than the ring holds.
                    try connection.execute(StoreSchema.reslot(slots))
                default:
                    if version == 1 { try connection.execute(StoreSchema.migrateFromVersion1) }
                    try Self.splitOldState(in: connection, path: path)
                    try connection.execute(StoreSchema.reslot(slots))
                    try connection.execute(StoreSchema.markCurrent)
                }
                try connection.execute("COMMIT")
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
        // What a write needs besides the file (its log, created in its directory; room on the
        // disk; a file system that takes writes, whoever navd runs as) is tried now with one
        // small write: navd stops at its start, naming the file, rather than at the first
        // mutation a client makes.
        try connection.execute(StoreSchema.countOpen, doing: "checking that navd can write it")
        self.slots = slots
        upgradedFrom = version >= 1 && version < StoreSchema.version ? version : nil
        self.lock = lock
        self.connection = connection
        self.keyframeInterval = keyframeInterval
        written = TreeChain(interval: keyframeInterval, minimumRun: Self.minimumRun)
        begin = try connection.prepare("BEGIN IMMEDIATE")
        end = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        insertRevision = try connection.prepare(StoreSchema.insertRevision(slots: slots))
        setMeta = try connection.prepare(StoreSchema.setMeta)
        storedInstance = try Self.meta(StoreSchema.instance, in: connection).map { String(decoding: $0, as: UTF8.self) }
        storedSession = try Self.meta(StoreSchema.session, in: connection)
    }

    /// The value of the `meta` row that `query` selects, if there is one.
    static func meta(_ query: String, in connection: SQLiteConnection) throws(StoreError) -> [UInt8]? {
        let statement = try connection.prepare(query)
        defer { statement.reset() }
        return try statement.step() ? statement.bytes(0) : nil
    }

    /// The state of the last commit, with the newest `historyLimit` entries, oldest first;
    /// `nil` for a database never committed to. A row that does not decode makes the
    /// database `.unreadable`.
    public func load() throws(StoreError) -> StoredState? {
        try checkOpen()
        let rows = try connection.prepare(StoreSchema.loadRevisions)
        // Every row from the first keyframe is read: a delta needs the tree before it. The rows
        // before it are the end of a run whose keyframe another revision replaced in the ring.
        // The chain checks each against the length of the tree before it; the entries keep the
        // rows as they are stored.
        var read: [(revision: Int, at: Int, cause: [UInt8], events: [UInt8], tree: TreeChain.Row)] = []
        var chain = TreeChain(interval: keyframeInterval, minimumRun: Self.minimumRun)
        var counters: SequentialIDs?
        var skipped = 0
        while try rows.step() {
            let revision = rows.int(0)
            if read.isEmpty && !rows.isNull(5) {
                skipped += 1
                continue
            }
            let tree: TreeChain.Row = rows.isNull(5)
                ? .full(rows.bytes(4)) : .delta(TreeDelta(prefix: rows.int(5), suffix: rows.int(6), middle: rows.bytes(4)))
            guard chain.read(revision: revision, row: tree) else {
                rows.reset()
                throw StoreError(.unreadable, path: path, detail: "revision \(revision)'s tree is stored against a tree that is not there")
            }
            read.append((revision, rows.int(1), rows.bytes(2), rows.bytes(3), tree))
            counters = rows.isNull(7) || rows.isNull(8) ? nil : SequentialIDs(nextFlow: rows.int(7), nextScreen: rows.int(8))
        }
        guard let last = read.last else {
            if skipped > 0 { throw StoreError(.unreadable, path: path, detail: "none of its \(skipped) revisions holds a whole tree") }
            return nil
        }
        // The rows' revisions are whatever the file holds: their difference is checked, not trapped.
        guard case (let span, false) = last.revision.subtractingReportingOverflow(read[0].revision), span == read.count - 1 else {
            throw StoreError(.unreadable, path: path, detail: "its revisions \(read[0].revision)–\(last.revision) are not one after another")
        }
        guard let counters else {
            throw StoreError(.unreadable, path: path, detail: "its newest revision \(last.revision) has no saved id counters")
        }
        guard let instance = storedInstance, let session = storedSession else {
            throw StoreError(.unreadable, path: path, detail: "its saved instance or session is missing")
        }
        // The kept entries, a run of rows from each keyframe sharing it and the deltas after it.
        let first = max(0, read.count - historyLimit)
        var entries: [HistoryEntry] = []
        entries.reserveCapacity(read.count - first)
        var start = first
        while start > 0, case .delta = read[start].tree { start -= 1 }
        while start < read.count {
            guard case .full(let keyframe) = read[start].tree else { preconditionFailure("navd: a run of stored trees starts at a keyframe") }
            var end = start + 1
            var deltas: [TreeDelta] = []
            while end < read.count, case .delta(let delta) = read[end].tree {
                deltas.append(delta)
                end += 1
            }
            let run = StoredTreeRun(keyframe: keyframe, deltas: deltas)
            for index in max(start, first)..<end {
                let row = read[index]
                do {
                    entries.append(try StoredJSON.entry(revision: row.revision, at: row.at, cause: row.cause, events: row.events) { [deltas = index - start] in
                        run.tree(afterDeltas: deltas)
                    })
                } catch {
                    throw StoreError(.unreadable, path: path, detail: "revision \(row.revision) does not decode: \(error)")
                }
            }
            if end == read.count { chain.readNewest(run.tree(afterDeltas: deltas.count)) }
            start = end
        }
        // The current tree is decoded (and checked) now; the older ones when a client asks.
        let snapshot: NavigatorSnapshot
        do {
            snapshot = try StoredJSON.snapshot(
                instance: instance, revision: last.revision, ids: counters, session: session, tree: try entries[entries.count - 1].tree!)
        } catch {
            throw StoreError(.unreadable, path: path, detail: "its saved state does not decode: \(error)")
        }
        written = chain
        return StoredState(snapshot: snapshot, entries: entries)
    }

    /// Saves `rows` (in revision order, the last one of `state`'s revision) and `state` in one
    /// transaction, each in its slot of the ring in place of the revision `slots` before it:
    /// all of it is on disk when this returns, or none of it. The rows' bytes are bound where
    /// they lie (`RevisionRows`). The state is the newest row's revision, tree and id
    /// counters, and the instance and session in `meta`, written only when they changed
    /// (`StoreSchema`). One row is a transaction by itself (an `INSERT` outside `BEGIN` commits
    /// as it runs), so `BEGIN` and `COMMIT` wrap only a commit of several rows or one that
    /// changes `meta`: around the most common commit they would be two statements more.
    public func commit(_ rows: RevisionRows, state: borrowing Navigator) throws(StoreError) {
        try checkOpen()
        let sessionBytes = changedSession(state.session)
        let newInstance = storedInstance != state.instance
        let severalStatements = rows.count > 1 || sessionBytes != nil || newInstance
        do throws(StoreError) {
            if severalStatements { try begin.run() }
            do throws(StoreError) {
                if newInstance { try write(meta: "instance", Array(state.instance.utf8)) }
                if let sessionBytes { try write(meta: "session", sessionBytes) }
                let ids = state.idCounters
                for index in 0..<rows.count {
                    try rows.withRow(index) { (row) throws(StoreError) in
                        // Each row's tree against the one before (`written`).
                        let tree = written.write(revision: row.revision, tree: row.tree, knowing: row.treeShares)
                        try insert(row, tree: tree, ids: index == rows.count - 1 ? ids : nil)
                    }
                }
                if severalStatements { try end.run() }
            } catch {
                if severalStatements { try? rollback.run() }
                throw error
            }
        } catch {
            written.forget()
            throw error
        }
        if newInstance { storedInstance = state.instance }
        if let sessionBytes { storedSession = sessionBytes }
        committedSession = state.session
    }

    /// The JSON of `current`, the session of the commit being made, when `meta` does not hold
    /// it already (else `nil`).
    private func changedSession(_ current: Session) -> [UInt8]? {
        if committedSession == current { return nil }
        session.removeAll()
        current.writeJSON(into: &session)
        return session.withUnsafeBytes { bytes in
            let same = storedSession.map { stored in
                stored.count == bytes.count && stored.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }
            }
            return same == true ? nil : Array(bytes)
        }
    }

    /// Sets `meta`'s `key` to `value` (UTF-8 text), in a commit that changes it: seldom, so
    /// SQLite copies the value.
    private func write(meta key: String, _ value: [UInt8]) throws(StoreError) {
        defer { setMeta.clearBindings() }
        try setMeta.bind(key, at: 1)
        try setMeta.bind(value, at: 2)
        try setMeta.run()
    }

    /// Inserts `row`, its tree stored as `tree` says, with the state's id counters when it is
    /// the newest of the commit. Its text and blob columns are bound where the row's bytes lie,
    /// and SQLite reads them in place (a copying bind makes SQLite allocate and copy each column).
    /// Every parameter is bound for each row, NULL where the row has no value (`prefix` and
    /// `suffix` of a keyframe, the id counters of any row but the newest), so the bindings are
    /// not cleared after it (`sqlite3_clear_bindings`: about 225 instructions): the pointers
    /// into a row's bytes that the statement keeps once it has run are never read again, since
    /// this is the only place it is run, and it binds them all again first.
    private func insert(_ row: RevisionRows.Row, tree: TreeChain.Stored, ids: SequentialIDs?) throws(StoreError) {
        try insertRevision.bind(row.revision, at: 1)
        try insertRevision.bind(row.at, at: 2)
        try insertRevision.bind(borrowedText: row.cause, at: 3)
        try insertRevision.bind(borrowedText: row.events, at: 4)
        switch tree {
        case .whole:
            try insertRevision.bind(borrowedBlob: row.tree, at: 5)
            try insertRevision.bindNull(at: 6)
            try insertRevision.bindNull(at: 7)
        case .delta(let prefix, let suffix):
            try insertRevision.bind(borrowedBlob: UnsafeRawBufferPointer(rebasing: row.tree[prefix..<(row.tree.count - suffix)]), at: 5)
            try insertRevision.bind(prefix, at: 6)
            try insertRevision.bind(suffix, at: 7)
        }
        if let ids {
            try insertRevision.bind(ids.nextFlow, at: 8)
            try insertRevision.bind(ids.nextScreen, at: 9)
        } else {
            try insertRevision.bindNull(at: 8)
            try insertRevision.bindNull(at: 9)
        }
        try insertRevision.run()
    }

    /// Whether the log has grown to `checkpoints.quiet` pages: the owner checkpoints when no
    /// client waits for it (navd's daemon, once no revision has come for a moment).
    public var wantsCheckpoint: Bool { connection.logPages >= checkpoints.quiet }

    /// Pages the log holds since the last checkpoint.
    public var logPages: Int { connection.logPages }

    /// Copies the log into the database now (a commit that reaches `checkpoints.forced` pages
    /// does it by itself).
    public func checkpoint() throws(StoreError) {
        try checkOpen()
        try connection.checkpoint()
    }

    /// Closes the database and lets another navd open it (the process ending does it too).
    public func close() {
        connection.close()
        lock?.release()
        lock = nil
    }

    private func checkOpen() throws(StoreError) {
        guard connection.isOpen else { throw StoreError(.failed, path: path, detail: "the database was closed") }
    }
}
