import Glibc
import NavSystem

/// navd's few direct reads and writes, on file descriptors: navd links no Foundation (it would
/// add about 6 MiB of resident libraries and startup time to a daemon that needs none of it).
enum StandardIO {
    /// Writes all of `text` to a descriptor, unbuffered (as a line reaches a pipe at once).
    static func write(_ text: String, to fd: Int32) {
        try? writeAll(fd, text)
    }

    static func error(_ text: String) { write(text, to: STDERR_FILENO) }
    static func output(_ text: String) { write(text, to: STDOUT_FILENO) }

    /// A failed read: the system's reason (`No such file or directory`).
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// Everything a descriptor yields until end of file.
    static func readAll(_ fd: Int32) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
        }
    }

    /// A UTF-8 text file, or standard input for `-`.
    static func readText(_ path: String) throws(ReadError) -> String {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readAll(STDIN_FILENO)
        } else {
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw ReadError(description: String(cString: strerror(errno))) }
            defer { close(fd) }
            bytes = try readAll(fd)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ReadError(description: "the file is not valid UTF-8")
        }
        return text
    }
}
