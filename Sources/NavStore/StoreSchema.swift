/// The database's layout, version `StoreSchema.version` in SQLite's `user_version`:
/// - `meta(key, value)`: `schema` (the version again, readable by a person), `app` (the app
///   definition's name: another app's database is refused, not overwritten), `slots` (the
///   rows the history can take), `opens` (how many times a navd opened it: the write each
///   open makes to find a database it cannot write before a client's first mutation does),
///   and the parts of the state that seldom change, each written by the commit that changes
///   it: `instance` (the navigator's, as it is: a database keeps one) and `session` (its JSON
///   as `session.get` answers it);
/// - `revisions(slot, revision, at, cause, events, tree, prefix, suffix, nextFlow, nextScreen)`:
///   the history, one row per committed revision, its cause and events as the history's record
///   holds them (the shapes of `nav.history`). `tree` is the tree's JSON when `prefix` is NULL
///   (a keyframe), else a `TreeDelta` against the row of the revision before: its middle bytes,
///   with `prefix` and `suffix` the lengths taken from the previous tree. `nextFlow` and
///   `nextScreen` are the navigator's id counters, written in the newest row of each commit
///   only. The state to restore is the newest row's revision, tree and counters, with the
///   instance and the session of `meta`: nothing of it is written twice.
///
/// Revision `r` lives in slot `r % slots`, and replaces the row that was there: the table is a
/// ring. A row appended at the end of a table fills its last page every few commits, and the
/// page SQLite adds then rewrites the database's header page too (its size, or its list of free
/// pages): most commits wrote two pages to the log, and old rows had to be deleted as well. A
/// row replaced in place is one page. `slots` is the history's limit and one keyframe
/// interval, so that the oldest kept revision's keyframe is still there; the rows older than
/// the first keyframe are the end of a run whose keyframe was replaced, and loading skips them.
enum StoreSchema {
    static let version = 4

    /// The columns of `revisions`, as `create` and `reslot` make it.
    private static let ringColumns = """
        (slot INTEGER PRIMARY KEY, revision INTEGER NOT NULL, at INTEGER NOT NULL, cause TEXT NOT NULL,
            events TEXT NOT NULL, tree BLOB NOT NULL, prefix INTEGER, suffix INTEGER, nextFlow INTEGER, nextScreen INTEGER)
        """

    /// Run in the transaction that creates the database, with `insertApp` for the app's name
    /// and `setSlots` for the ring's size.
    static let create = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE revisions \(ringColumns);
        INSERT INTO meta (key, value) VALUES ('schema', '\(version)');
        PRAGMA user_version = \(version);
        """

    /// Version 1 kept every revision's whole tree and the state in a table of its own: its rows
    /// are all keyframes, and its state moves to its newest row (then as version 2).
    static let migrateFromVersion1 = """
        ALTER TABLE revisions ADD COLUMN prefix INTEGER;
        ALTER TABLE revisions ADD COLUMN suffix INTEGER;
        ALTER TABLE revisions ADD COLUMN state TEXT;
        UPDATE revisions SET state = (SELECT snapshot FROM state WHERE id = 1)
            WHERE revision = (SELECT revision FROM state WHERE id = 1);
        DROP TABLE state;
        """

    /// Versions 1 to 3 kept the whole state but its tree (`{instance, revision, ids, session}`)
    /// as JSON in the newest row of each commit, a `state` column: the newest row's, which an
    /// upgrade splits (`StateDatabase.splitOldState`) before `reslot` leaves the column behind.
    static let oldState = "SELECT state FROM revisions WHERE revision = (SELECT max(revision) FROM revisions)"

    /// The id counters' columns, and the newest row's counters (?1, ?2) set, when an upgrade
    /// splits the old `state` column.
    static let addCounters = """
        ALTER TABLE revisions ADD COLUMN nextFlow INTEGER;
        ALTER TABLE revisions ADD COLUMN nextScreen INTEGER;
        """
    static let setNewestCounters = """
        UPDATE revisions SET nextFlow = ?1, nextScreen = ?2 WHERE revision = (SELECT max(revision) FROM revisions)
        """

    /// Ends an upgrade from an older version (after `reslot`: version 2 kept its rows in
    /// revision order, and deleted the oldest ones).
    static let markCurrent = """
        UPDATE meta SET value = '\(version)' WHERE key = 'schema';
        PRAGMA user_version = \(version);
        """

    /// Moves the newest `slots` rows into a ring of `slots`: a version 2 table (whose
    /// `revision` is its key), or a ring of fewer slots when `--history` grew.
    static func reslot(_ slots: Int) -> String {
        """
        CREATE TABLE ring \(ringColumns);
        INSERT INTO ring SELECT revision % \(slots), revision, at, cause, events, tree, prefix, suffix, nextFlow, nextScreen FROM revisions
            WHERE revision > (SELECT max(revision) FROM revisions) - \(slots);
        DROP TABLE revisions;
        ALTER TABLE ring RENAME TO revisions;
        INSERT OR REPLACE INTO meta (key, value) VALUES ('slots', '\(slots)');
        """
    }

    /// Writes revision ?1's row into its slot, replacing the revision `slots` before it: the
    /// slot is worked out by SQLite, not bound (a parameter bound is about 100 instructions).
    static func insertRevision(slots: Int) -> String {
        """
        INSERT OR REPLACE INTO revisions (slot, revision, at, cause, events, tree, prefix, suffix, nextFlow, nextScreen)
            VALUES (?1 % \(slots), ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
        """
    }
    static let loadRevisions = """
        SELECT revision, at, cause, events, tree, prefix, suffix, nextFlow, nextScreen FROM revisions ORDER BY revision
        """
    /// One more open: a value that changes, so that SQLite writes a page (it skips a write
    /// of the bytes a row already holds).
    static let countOpen = """
        INSERT OR REPLACE INTO meta (key, value)
            VALUES ('opens', coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'opens'), 0) + 1)
        """
    static let app = "SELECT value FROM meta WHERE key = 'app'"
    static let insertApp = "INSERT INTO meta (key, value) VALUES ('app', ?1)"
    static let slots = "SELECT value FROM meta WHERE key = 'slots'"
    static let setSlots = "INSERT OR REPLACE INTO meta (key, value) VALUES ('slots', ?1)"
    /// The state's parts kept in `meta` (?1 is `instance` or `session`).
    static let setMeta = "INSERT OR REPLACE INTO meta (key, value) VALUES (?1, ?2)"
    static let instance = "SELECT value FROM meta WHERE key = 'instance'"
    static let session = "SELECT value FROM meta WHERE key = 'session'"
}
