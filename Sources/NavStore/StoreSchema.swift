/// The database's layout, version `StoreSchema.version` in SQLite's `user_version`:
/// - `meta(key, value)`: `schema` (the version again, readable by a person) and `app` (the app
///   definition's name: another app's database is refused, not overwritten);
/// - `revisions(revision, at, cause, events, tree)`: the history, one row per committed
///   revision, its parts as JSON (the shapes of `nav.history`), the oldest pruned beyond the limit;
/// - `state(id = 1, revision, snapshot)`: the navigator as of the last commit: its snapshot's
///   JSON without the tree, which is that revision's row's (a commit writes it once).
enum StoreSchema {
    static let version = 1

    /// Run in the transaction that creates the database, with `insertApp` for the app's name.
    static let create = """
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE revisions (
            revision INTEGER PRIMARY KEY,
            at INTEGER NOT NULL,
            cause TEXT NOT NULL,
            events TEXT NOT NULL,
            tree TEXT NOT NULL
        );
        CREATE TABLE state (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            revision INTEGER NOT NULL,
            snapshot TEXT NOT NULL
        );
        INSERT INTO meta (key, value) VALUES ('schema', '\(version)');
        PRAGMA user_version = \(version);
        """

    static let insertRevision = "INSERT OR REPLACE INTO revisions (revision, at, cause, events, tree) VALUES (?1, ?2, ?3, ?4, ?5)"
    static let saveState = "INSERT OR REPLACE INTO state (id, revision, snapshot) VALUES (1, ?1, ?2)"
    static let prune = "DELETE FROM revisions WHERE revision <= ?1"
    static let loadState = "SELECT revision, snapshot FROM state WHERE id = 1"
    static let loadRevisions = "SELECT revision, at, cause, events, tree FROM revisions WHERE revision > ?1 ORDER BY revision"
    static let app = "SELECT value FROM meta WHERE key = 'app'"
    static let insertApp = "INSERT INTO meta (key, value) VALUES ('app', ?1)"
}
