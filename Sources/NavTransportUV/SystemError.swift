internal import CLibUV
internal import Glibc

/// An errno or a libuv status, turned into the words a person reads in an error message.
struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    let message: String

    init(errno code: Int32) {
        message = String(cString: strerror(code))
    }

    init(uv status: Int32) {
        message = String(cString: uv_strerror(status))
    }

    /// The errno of the call that just failed.
    static var last: SystemError { SystemError(errno: errno) }

    var description: String { message }
}
