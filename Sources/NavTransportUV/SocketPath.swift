internal import CLibUV
internal import Glibc

/// Where navd's socket lives and the rules for taking the place (docs/protocol.md):
///
/// - which path: NavProtocol's `SocketLocation.resolve` (`--socket`, `NAVD_SOCKET`, …);
/// - the directory is created 0700 if missing; one that is a symlink, not ours, or writable by
///   group or others is refused (`prepareDirectory`);
/// - the path must fit a Unix socket address (`checkLength`);
/// - a live socket is left alone (`.alreadyRunning`), a stale one replaced (`probe`, `claim`).
///
/// The same rules apply to a path given by flag or environment: its directory must be ours too.
public struct SocketPath: Sendable, Hashable, CustomStringConvertible {
    public let path: String

    public init(_ path: String) {
        self.path = path
    }

    public var description: String { path }

    /// The directory that holds the socket: everything before the last `/` (`.` for a bare name).
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let prefix = path[..<slash]
        return prefix.isEmpty ? "/" : String(prefix)
    }

    /// The longest path a Unix socket address holds (107 bytes on Linux).
    public static var maxLength: Int { Int(navd_sun_path_max()) }

    /// Throws `.pathTooLong`, naming the length and the limit, for a path no socket address holds.
    public static func checkLength(_ path: String) throws(TransportError) {
        let length = path.utf8.count
        guard length <= maxLength else { throw .pathTooLong(path, length: length, limit: maxLength) }
        guard length > 0 else { throw TransportError(.system, "the socket path is empty", path: path) }
    }

    /// Everything before `listen`: the length, the directory, and the place itself — free, or
    /// a stale socket that is removed. Returns what was found there (`.absent` or `.stale`).
    /// Throws `.alreadyRunning` for a live socket (navd exits 2 and leaves it alone).
    @discardableResult
    public func claim() throws(TransportError) -> SocketProbe {
        try Self.checkLength(path)
        try prepareDirectory()
        let found = probe()
        switch found {
        case .absent:
            break
        case .stale:
            guard unlink(path) == 0 || errno == ENOENT else { throw .system("remove the stale socket", path, .last) }
        case .live:
            throw .alreadyRunning(path)
        case .notASocket:
            throw .notASocket(path)
        case .unreachable(let reason):
            throw TransportError(.system, "cannot tell whether a server is running at \(path): \(reason)", path: path)
        }
        return found
    }
}
