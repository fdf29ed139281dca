internal import Glibc

/// Where navctl writes text: a file descriptor (stdout, stderr), or a buffer in tests.
public protocol TextOutput: AnyObject {
    func write(_ text: String)
}

/// Unbuffered writes to a file descriptor, so that stdout and stderr lines keep their order
/// and a `watch` line is out as soon as it is printed.
public final class FileOutput: TextOutput, Sendable {
    public let fd: Int32

    public init(fd: Int32) { self.fd = fd }

    public static let standardOutput = FileOutput(fd: 1)
    public static let standardError = FileOutput(fd: 2)

    public func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
        bytes.removeAll()
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(fd) == 1 }
}

/// Collects what was written (tests, and the shell's captured output).
public final class BufferOutput: TextOutput {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) { self.text += text }

    /// Returns what was written so far and forgets it.
    public func take() -> String {
        defer { text = "" }
        return text
    }
}
