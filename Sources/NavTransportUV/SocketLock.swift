internal import Glibc

/// The lock file beside the socket (`PATH.lock`), held with `flock` for navd's whole life.
///
/// Probing the socket alone cannot settle a race: two navds started together both find the path
/// free (or one finds the other's socket bound but not yet listening, calls it stale and
/// replaces it). Whoever holds the lock owns the path; the other one is "already running"
/// whatever moment it looked. The kernel drops the lock when navd dies, however it dies.
public final class SocketLock {
    public let path: String
    private var descriptor: Int32

    init(path: String, descriptor: Int32) {
        self.path = path
        self.descriptor = descriptor
    }

    /// Removes the lock file while still holding it, then releases it (navd's exit). Whoever
    /// opened the old file meanwhile finds it gone once it gets the lock, and tries again.
    public func release() {
        guard descriptor >= 0 else { return }
        unlink(path)
        close(descriptor)
        descriptor = -1
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}

extension SocketPath {
    /// `PATH.lock`, the file `lock()` holds.
    public var lockPath: String { path + ".lock" }

    /// Takes the socket's lock (creating the directory as `claim()` does): call it before
    /// `claim()` and keep the result until the socket is removed. Throws `.alreadyRunning` when
    /// another navd holds it.
    public func lock() throws(TransportError) -> SocketLock {
        try Self.checkLength(path)
        try prepareDirectory()
        let lockPath = lockPath
        while true {
            let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { throw .system("open the lock file", lockPath, .last) }
            guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { throw .alreadyRunning(path) }
                throw .system("lock", lockPath, SystemError(errno: code))
            }
            // The holder before us may have removed the file between our open and our lock:
            // the lock counts only on the file the path names now.
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, lstat(lockPath, &named) == 0,
                held.st_dev == named.st_dev, held.st_ino == named.st_ino
            {
                return SocketLock(path: lockPath, descriptor: fd)
            }
            close(fd)
        }
    }
}
