internal import Glibc

extension SocketPath {
    /// Makes sure the socket's directory is a real directory that only we can write: creates it
    /// 0700 if missing (its parent must exist); refuses a symlink, another owner, or write access
    /// for group or others.
    public func prepareDirectory() throws(TransportError) {
        let directory = directory
        var info = stat()
        if lstat(directory, &info) != 0 {
            guard errno == ENOENT else { throw .system("inspect socket directory", directory, .last) }
            guard mkdir(directory, 0o700) == 0 || errno == EEXIST else {
                throw .system("create socket directory", directory, .last)
            }
            guard lstat(directory, &info) == 0 else { throw .system("inspect socket directory", directory, .last) }
            if info.st_mode & S_IFMT == S_IFDIR && info.st_uid == geteuid() {
                chmod(directory, 0o700)
                info.st_mode = (info.st_mode & ~0o7777) | 0o700
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFLNK: throw .directoryIsSymlink(directory)
        case S_IFDIR: break
        default: throw .notADirectory(directory)
        }
        guard info.st_uid == geteuid() else {
            throw .directoryNotOwned(directory, owner: info.st_uid, user: geteuid())
        }
        guard info.st_mode & 0o022 == 0 else {
            throw .directoryWritableByOthers(directory, mode: info.st_mode)
        }
    }
}
