internal import Glibc
internal import NavSystem

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

    /// A failed write (a closed pipe) drops the text: navctl has nowhere left to say so.
    public func write(_ text: String) {
        try? writeAll(fd, text)
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
