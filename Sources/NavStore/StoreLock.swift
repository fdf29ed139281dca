import Glibc

/// One navd per database: an exclusive `flock` on `DATABASE.lock`, which holds the pid of the
/// navd that has it. The kernel releases it when that process ends, however it ends (`kill -9`
/// too), so a stale lock file is never in the way; a clean stop removes the file.
///
/// Removing it is safe because a lock counts only while the file is still at its path: the
/// holder unlinks it before letting go, and a navd that locked a file which was unlinked
/// meanwhile (it opened it just before) lets go and tries again with the new one.
final class StoreLock {
    private var descriptor: Int32
    private let path: String

    /// Takes the lock of `database`, or throws `.locked` with the pid written by its holder.
    init(database: String) throws(StoreError) {
        let path = database + ".lock"
        var descriptor: Int32 = -1
        while descriptor < 0 {
            let opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            guard opened >= 0 else {
                throw StoreError.system(errno, path: database, doing: "cannot open its lock \(path)")
            }
            guard flock(opened, LOCK_EX | LOCK_NB) == 0 else {
                let reason = errno
                let holder = Self.pid(in: opened)
                close(opened)
                if reason == EWOULDBLOCK { throw StoreError(.locked(pid: holder), path: database) }
                throw StoreError.system(reason, path: database, doing: "cannot lock \(path)")
            }
            if Self.isStillAt(path, opened) {
                descriptor = opened
            } else {
                close(opened)
            }
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
        self.path = path
    }

    /// Whether `path` names the file `descriptor` has open (the holder before us did not
    /// remove it between our open and our lock).
    private static func isStillAt(_ path: String, _ descriptor: Int32) -> Bool {
        var byDescriptor = stat()
        var byPath = stat()
        guard fstat(descriptor, &byDescriptor) == 0, stat(path, &byPath) == 0 else { return false }
        return byDescriptor.st_dev == byPath.st_dev && byDescriptor.st_ino == byPath.st_ino
    }

    /// The pid a holder wrote, if it is one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(text)
    }

    /// Removes the lock file and lets the next navd in (the process ending lets it in too, and
    /// leaves the file).
    func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
