internal import Glibc

/// Where the shell's lines come from.
public protocol LineReader: AnyObject {
    /// The next line without its newline; nil at the end (Ctrl-D).
    func readLine(prompt: String) -> String?
    /// Remembers a line for Up and for the history file.
    func remember(_ line: String)
    /// Whether a person is typing (prompts and an `exit` newline make sense).
    var isInteractive: Bool { get }
}

/// Lines from standard input, no prompt, no editing: `navctl shell < commands.txt`.
public final class PlainLineReader: LineReader {
    private var buffer: [UInt8] = []
    private var atEnd = false

    public init() {}

    public var isInteractive: Bool { false }

    public func readLine(prompt: String) -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            if atEnd {
                guard !buffer.isEmpty else { return nil }
                defer { buffer.removeAll() }
                return String(decoding: buffer, as: UTF8.self)
            }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(0, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { atEnd = true } else { buffer.append(contentsOf: chunk[0..<n]) }
        }
    }

    public func remember(_ line: String) {}
}

/// Lines given up front (tests).
public final class ScriptedLineReader: LineReader {
    public private(set) var prompts: [String] = []
    public private(set) var remembered: [String] = []
    private var lines: [String]

    public init(_ lines: [String]) { self.lines = lines }

    public var isInteractive: Bool { true }

    public func readLine(prompt: String) -> String? {
        prompts.append(prompt)
        return lines.isEmpty ? nil : lines.removeFirst()
    }

    public func remember(_ line: String) { remembered.append(line) }
}
