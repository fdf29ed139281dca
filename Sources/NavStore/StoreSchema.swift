/// The database's layout, version `StoreSchema.version` in SQLite's `user_version`:
/// - `meta(key, value)`: `schema` (the version again, readable by a person), `app` (the app
///   definition's name: another app's database is refused, not overwritten), `slots` (the
///   rows the history can take) and `opens` (how many times a navd opened it: the write each
///   open makes to find a database it cannot write before a client's first mutation does);
/// - `revisions(slot, revision, at, cause, events, tree, prefix, suffix, state)`: the history,
///   one row per committed revision, its cause and events as JSON (the shapes of `nav.history`).
///   `tree` is the tree's JSON when `prefix` is NULL (a keyframe), else a `TreeDelta` against
///   the row of the revision before: its middle bytes, with `prefix` and `suffix` the lengths
///   taken from the previous tree. `state` is the navigator's snapshot without its tree
///   (`Navigator.writeSnapshotJSON`), written in the newest row of each commit only: the newest row's
///   is the state to restore.
///
/// Revision `r` lives in slot `r % slots`, and replaces the row that was there: the table is a
/// ring. A row appended at the end of a table fills its last page every few commits, and the
/// page SQLite adds then rewrites the database's header page too (its size, or its list of free
/// pages): most commits wrote two pages to the log, and old rows had to be deleted as well. A
/// row replaced in place is one page. `slots` is the history's limit and one keyframe
/// interval, so that the oldest kept revision's keyframe is still there; the rows older than
/// the first keyframe are the end of a run whose keyframe was replaced, and loading skips them.
enum StoreSchema {
    static let version = 3

    /// The columns of `revisions`, as `create` and `reslot` make it.
    private static let ringColumns = """
        (slot INTEGER PRIMARY KEY, revision INTEGER NOT NULL, at INTEGER NOT NULL, cause TEXT NOT NULL,
            events TEXT NOT NULL, tree BLOB NOT NULL, prefix INTEGER, suffix INTEGER, state TEXT)
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
        INSERT INTO ring SELECT revision % \(slots), revision, at, cause, events, tree, prefix, suffix, state FROM revisions
            WHERE revision > (SELECT max(revision) FROM revisions) - \(slots);
        DROP TABLE revisions;
        ALTER TABLE ring RENAME TO revisions;
        INSERT OR REPLACE INTO meta (key, value) VALUES ('slots', '\(slots)');
        """
    }

    /// Writes revision ?1's row into slot ?9, replacing the revision `slots` before it.
    static let insertRevision = """
        INSERT OR REPLACE INTO revisions (slot, revision, at, cause, events, tree, prefix, suffix, state)
            VALUES (?9, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """
    static let loadRevisions = "SELECT revision, at, cause, events, tree, prefix, suffix, state FROM revisions ORDER BY revision"
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
}
