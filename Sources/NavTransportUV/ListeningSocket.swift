internal import Glibc

/// The socket file `UVTransport.listen(at:)` bound, identified by device and inode as they were
/// right after `bind`. Another process may remove the path and bind its own socket there; the
/// identity tells ours from theirs.
public struct ListeningSocket: Sendable, Hashable, CustomStringConvertible {
    public let path: String
    public let device: UInt64
    public let inode: UInt64

    init(boundAt path: String) throws(TransportError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw .system("inspect the new socket", path, .last) }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    public var description: String { path }

    /// True while the path still names the very socket that was bound.
    public var isStillOurs: Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFSOCK
            && UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
    }

    /// Removes the socket file if it is still ours (docs/protocol.md: navd removes its socket on exit
    /// only if it is still its own). Returns whether it removed it. Call it after `stopListening()`
    /// or after `run()` returned; a server that replaced the path in between is left alone.
    @discardableResult
    public func removeIfOwn() -> Bool {
        isStillOurs && unlink(path) == 0
    }
}
