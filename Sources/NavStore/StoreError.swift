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
        case .failed:
            return "\(path): \(detail)"
        }
    }
}
