/// A failure of the transport or of the socket-path policy, with a message written for a person:
/// it names the path, what is wrong with it and, where there is one, the way out.
public struct TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        case pathTooLong
        case directoryIsSymlink
        case notADirectory
        case directoryNotOwned
        case directoryWritableByOthers
        /// A live server answers on the socket path (navd exits 2).
        case alreadyRunning
        case notASocket
        case addressInUse
        case alreadyListening
        /// `run()` has returned: the transport is spent.
        case finished
        /// A system or libuv call failed; the message names the call's purpose and the path.
        case system
    }

    public let kind: Kind
    public let message: String
    /// The socket or directory path concerned, if any.
    public let path: String?

    public init(_ kind: Kind, _ message: String, path: String? = nil) {
        self.kind = kind
        self.message = message
        self.path = path
    }

    public var description: String { message }
}

extension TransportError {
    /// The way out of a socket directory navd refuses. It never suggests changing the
    /// directory's owner or mode: that directory may be a shared system one such as /tmp.
    public static let privateDirectoryHint =
        "put the socket in a directory only you can write, e.g. mkdir -m 700 ~/.navd && navd --socket ~/.navd/navd.sock"

    static func pathTooLong(_ path: String, length: Int, limit: Int) -> TransportError {
        TransportError(.pathTooLong, "socket path is \(length) bytes long, but a Unix socket address holds at most "
            + "\(limit): \(path) (choose a shorter --socket or NAVD_SOCKET path)", path: path)
    }

    static func directoryIsSymlink(_ directory: String) -> TransportError {
        TransportError(.directoryIsSymlink, "refusing socket directory \(directory): it is a symbolic link; "
            + privateDirectoryHint, path: directory)
    }

    static func notADirectory(_ directory: String) -> TransportError {
        TransportError(.notADirectory, "socket directory \(directory) exists but is not a directory; "
            + privateDirectoryHint, path: directory)
    }

    static func directoryNotOwned(_ directory: String, owner: UInt32, user: UInt32) -> TransportError {
        TransportError(.directoryNotOwned, "refusing socket directory \(directory): it belongs to uid \(owner), "
            + "not to uid \(user) that runs navd; " + privateDirectoryHint, path: directory)
    }

    static func directoryWritableByOthers(_ directory: String, mode: UInt32) -> TransportError {
        let octal = String(mode & 0o7777, radix: 8)
        return TransportError(.directoryWritableByOthers, "refusing socket directory \(directory): others can "
            + "write to it (mode \(octal)); " + privateDirectoryHint, path: directory)
    }

    static func alreadyRunning(_ path: String) -> TransportError {
        TransportError(.alreadyRunning, "already running at \(path)", path: path)
    }

    static func notASocket(_ path: String) -> TransportError {
        TransportError(.notASocket, "\(path) exists and is not a socket; remove it or choose another socket path",
            path: path)
    }

    static func addressInUse(_ path: String) -> TransportError {
        TransportError(.addressInUse, "\(path) is already in use (another server may have just started there)",
            path: path)
    }

    static func alreadyListening(_ path: String) -> TransportError {
        TransportError(.alreadyListening, "already listening on \(path)", path: path)
    }

    static var finished: TransportError {
        TransportError(.finished, "the transport's event loop has finished running; make a new transport")
    }

    static func system(_ doing: String, _ path: String?, _ error: SystemError) -> TransportError {
        let subject = path.map { "\(doing) \($0)" } ?? doing
        return TransportError(.system, "cannot \(subject): \(error)", path: path)
    }
}
