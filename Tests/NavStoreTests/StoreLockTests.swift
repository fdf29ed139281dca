import Glibc
@testable import NavStore
import Testing

/// The database's lock file: one navd per database, and no `APP.sqlite.lock` left behind
/// after a clean stop (it stayed, and a user cleaning up after navd found a file navd no longer
/// needed).
@Suite("Store lock")
struct StoreLockTests {
    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    @Test func aCleanCloseRemovesTheLockFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let lockFile = directory.database + ".lock"
        let database = try StateDatabase(path: directory.database, app: "sample")
        #expect(Self.exists(lockFile))
        database.close()
        #expect(!Self.exists(lockFile), "the lock file stayed after a clean close")
        // And the database opens again, with a new lock file.
        let again = try StateDatabase(path: directory.database, app: "sample")
        #expect(Self.exists(lockFile))
        again.close()
    }

    @Test func aLockWhoseFileWasRemovedIsNotHeld() throws {
        // The race a removed lock file opens: a second navd opens the old file just before
        // the first removes it, and locks it after. Holding an unlinked file must not count:
        // it tries again with the file at the path, which a third opener would lock too.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let lockFile = directory.database + ".lock"
        let first = try StoreLock(database: directory.database)
        let early = open(lockFile, O_RDWR | O_CLOEXEC)
        #expect(early >= 0)
        first.release()
        #expect(flock(early, LOCK_EX | LOCK_NB) == 0, "the unlinked file is free to lock")
        // A navd that gets the lock now gets it on a new file at the path, not the unlinked
        // one the early opener holds.
        let second = try StoreLock(database: directory.database)
        #expect(Self.exists(lockFile))
        let third = #expect(throws: StoreError.self) { try StoreLock(database: directory.database) }
        #expect(third?.kind == .locked(pid: getpid()))
        second.release()
        close(early)
    }
}
