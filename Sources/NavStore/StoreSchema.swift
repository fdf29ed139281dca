/// The database's layout, version `StoreSchema.version` in SQLite's `user_version`:
/// - `meta(key, value)`: `schema` (the version again, readable by a person) and `app` (the app
///   definition's name: another app's database is refused, not overwritten);
/// - `revisions(revision, at, cause, events, tree, prefix, suffix, state)`: the history, one
///   row per committed revision, its cause and events as JSON (the shapes of `nav.history`).
///   `tree` is the tree's JSON when `prefix` is NULL (a keyframe), else a `TreeDelta` against
///   the row before: its middle bytes, with `prefix` and `suffix` the lengths taken from the
///   previous tree. `state` is the navigator's snapshot without its tree (`StoredJSON.writeState`),
///   written in the newest row of each commit only: the newest row's is the state to restore.
///   The oldest rows go a keyframe at a time, so the first row is always a keyframe.
enum StoreSchema {
    static let version = 2

    /// Run in the transaction that creates the database, with `insertApp` for the app's name.
    static let create = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE revisions (
            revision INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            cause TEXT NOT NULL,
            events TEXT NOT NULL,
            tree BLOB NOT NULL,
            prefix INTEGER,
            suffix INTEGER,
            state TEXT
        );
        INSERT INTO meta (key, value) VALUES ('schema', '\(version)');
        PRAGMA user_version = \(version);
        """

    /// Version 1 kept every revision's whole tree and the state in a table of its own: its rows
    /// are all keyframes, and its state moves to its newest row.
    static let migrateFromVersion1 = """
        ALTER TABLE revisions ADD COLUMN prefix INTEGER;
        ALTER TABLE revisions ADD COLUMN suffix INTEGER;
        ALTER TABLE revisions ADD COLUMN state TEXT;
        UPDATE revisions SET state = (SELECT snapshot FROM state WHERE id = 1)
            WHERE revision = (SELECT revision FROM state WHERE id = 1);
        DROP TABLE state;
        UPDATE meta SET value = '\(version)' WHERE key = 'schema';
        PRAGMA user_version = \(version);
        """

    static let insertRevision = """
        INSERT INTO revisions (revision, at, cause, events, tree, prefix, suffix, state)
            VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)
        """
    static let prune = "DELETE FROM revisions WHERE revision < ?1"
    static let loadRevisions = "SELECT revision, at, cause, events, tree, prefix, suffix, state FROM revisions ORDER BY revision"
    static let app = "SELECT value FROM meta WHERE key = 'app'"
    static let insertApp = "INSERT INTO meta (key, value) VALUES ('app', ?1)"
}
