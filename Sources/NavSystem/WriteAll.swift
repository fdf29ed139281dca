internal import Glibc

/// How `writeAll` writes to a descriptor.
public enum WriteTarget: Sendable {
    /// A file, a pipe or a terminal: `write`.
    case file
    /// A connected socket: `send` with MSG_NOSIGNAL, so that a peer that went away is an
    /// `EPIPE` error for the caller rather than a SIGPIPE that ends the program.
    case socket
}

/// Writes all of `bytes` to `fd`: a partial write continues where it stopped and a write a
/// signal interrupted is made again. Blocking; the one write loop of every navd program.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, to target: WriteTarget = .file) throws(SystemCallError) {
    var offset = 0
    while offset < bytes.count {
        let start = bytes.baseAddress! + offset
        let n = switch target {
        case .file: Glibc.write(fd, start, bytes.count - offset)
        case .socket: Glibc.send(fd, start, bytes.count - offset, Int32(MSG_NOSIGNAL))
        }
        if n < 0 && errno == EINTR { continue }
        guard n > 0 else { throw n == 0 ? SystemCallError(errno: EIO) : .last }
        offset += n
    }
}

/// Writes all of `text`'s UTF-8 to `fd` (see `writeAll(_:_:to:)`).
public func writeAll(_ fd: Int32, _ text: String, to target: WriteTarget = .file) throws(SystemCallError) {
    var text = text
    try text.withUTF8 { utf8 in Result { () throws(SystemCallError) in try writeAll(fd, UnsafeRawBufferPointer(utf8), to: target) } }.get()
}

/// Writes all of `bytes` to `fd` (see `writeAll(_:_:to:)`).
public func writeAll(_ fd: Int32, _ bytes: [UInt8], to target: WriteTarget = .file) throws(SystemCallError) {
    try bytes.withUnsafeBytes { raw in Result { () throws(SystemCallError) in try writeAll(fd, raw, to: target) } }.get()
}
