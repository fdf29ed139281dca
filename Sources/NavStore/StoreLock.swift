import Glibc

/// One navd per database: an exclusive `flock` on `DATABASE.lock`, which holds the pid of the
/// navd that has it. The kernel releases it when that process ends, however it ends (`kill -9`
/// too), so a stale lock file is never in the way; the file itself stays.
final class StoreLock {
    private var descriptor: Int32

    /// Takes the lock of `database`, or throws `.locked` with the pid written by its holder.
    init(database: String) throws(StoreError) {
        let path = database + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw StoreError.system(errno, path: database, doing: "cannot open its lock \(path)")
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno
            let holder = Self.pid(in: descriptor)
            close(descriptor)
            if reason == EWOULDBLOCK { throw StoreError(.locked(pid: holder), path: database) }
            throw StoreError.system(reason, path: database, doing: "cannot lock \(path)")
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
    }

    /// The pid a holder wrote, if it is one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: "\n").first ?? ""
        return Int32(text)
    }

    /// Lets the next navd in (also done by the process ending).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
