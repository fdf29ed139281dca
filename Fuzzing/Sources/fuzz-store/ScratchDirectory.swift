import FuzzSupport
import Glibc

/// One directory for every run of the process (made once: a run only empties it), where the
/// database lives: in /dev/shm when there is one, where a sync (SQLite's at every checkpoint
/// and close) costs nothing, so that a run takes milliseconds, not the disk's syncs.
enum ScratchDirectory {
    static let path: String = {
        var info = stat()
        let parent = stat("/dev/shm", &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR ? "/dev/shm" : "/tmp"
        var template = Array("\(parent)/navd-fuzz-store-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        guard made != nil else { broken("a temporary directory can be made", String(cString: strerror(errno))) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }()

    static var database: String { path + "/sample.sqlite" }

    /// Removes what the last run left.
    static func empty() {
        for suffix in ["", "-wal", "-shm", ".lock"] { unlink(database + suffix) }
    }
}
