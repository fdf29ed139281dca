internal import Glibc

/// A failed system call: its errno and the words a person reads in an error message.
public struct SystemCallError: Error, Sendable, Hashable, CustomStringConvertible {
    public let code: Int32

    public init(errno code: Int32) {
        self.code = code
    }

    /// The errno of the call that just failed.
    static var last: SystemCallError { SystemCallError(errno: errno) }

    public var description: String { String(cString: strerror(code)) }
}
