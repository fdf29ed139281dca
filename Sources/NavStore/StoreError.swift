import Glibc

/// Why navd's state database cannot be used. Every message names the file and, where the user
/// can do something, what: navd never deletes or overwrites a database it cannot read.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Kind: Sendable, Hashable {
        /// Another process holds the database's lock (`pid`, when it wrote one).
        case locked(pid: Int32?)
        /// Not an SQLite database, damaged, or not navd's.
        case unreadable
        /// Written by a newer navd (a schema version this one does not know).
        case newerSchema(found: Int, supported: Int)
        /// The database of another app definition.
        case otherApp(found: String)
        /// navd cannot write the file, its log or its directory (permissions, a read-only file
        /// system).
        case readOnly
        /// The file system has no room (or the user's quota is used up).
        case diskFull
        /// A state directory of another user, or one others can write to (`path` is the
        /// directory).
        case unsafeDirectory
        /// SQLite or the file system failed on a database navd could read.
        case failed
    }

    public var kind: Kind
    /// The database file.
    public var path: String
    /// What went wrong, in a few words (SQLite's message, an errno's).
    public var detail: String

    public init(_ kind: Kind, path: String, detail: String = "") {
        self.kind = kind
        self.path = path
        self.detail = detail
    }

    static let remedy = "start navd with --ephemeral, or move the file aside to start fresh (navd never deletes it)"

    public var description: String {
        switch kind {
        case .locked(let pid):
            let holder = pid.map { "navd pid \($0)" } ?? "another process"
            return "\(path) is in use by \(holder): one navd per database (stop it, or give this one another --state-dir)"
        case .unreadable:
            return "\(path) cannot be read as navd's state (\(detail)): \(Self.remedy)"
        case .newerSchema(let found, let supported):
            return "\(path) was written by a newer navd (schema \(found), this navd knows up to \(supported)): use that navd, or \(Self.remedy)"
        case .otherApp(let found):
            return "\(path) holds the state of app '\(found)', not this one (\(detail)): \(Self.remedy)"
        case .readOnly:
            return "\(path) is read-only for navd (\(detail)): let navd's user write the file and its directory, or start navd with --ephemeral"
        case .diskFull:
            return "\(path): the disk is full (\(detail)): free space on its file system, or start navd with --ephemeral"
        case .unsafeDirectory:
            return "refusing state directory \(path): \(detail); keep navd's state in a directory only its user can write (chmod 700 it, or give another --state-dir)"
        case .failed:
            return "\(path): \(detail)"
        }
    }

    /// The error of a system call on `path` that failed with `errno`: `.readOnly` or
    /// `.diskFull` where the errno says so, else `.failed`; `detail` says what navd was doing.
    static func system(_ errno: Int32, path: String, doing detail: String) -> StoreError {
        let reason = "\(detail): \(String(cString: strerror(errno)))"
        return StoreError(kind(ofErrno: errno) ?? .failed, path: path, detail: reason)
    }

    /// What an errno says of the file system, when it is one a user can act on.
    static func kind(ofErrno errno: Int32) -> Kind? {
        switch errno {
        case EACCES, EPERM, EROFS: .readOnly
        case ENOSPC, EDQUOT: .diskFull
        default: nil
        }
    }
}
