internal import Glibc
internal import NavSystem

/// Reads text files (scripts, `apply` ops) and writes coverage files without Foundation; `-`
/// is standard input.
enum Files {
    struct ReadError: Error {
        var message: String
    }

    static func read(_ path: String) throws(ReadError) -> String {
        if path == "-" { return try readAll(fd: 0, name: "standard input") }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ReadError(message: "cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        return try readAll(fd: fd, name: path)
    }

    private static func readAll(fd: Int32, name: String) throws(ReadError) -> String {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw ReadError(message: "cannot read \(name): \(String(cString: strerror(errno)))") }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `text` to `path` whole: into a temporary file beside it, renamed over it once
    /// written, so that a reader never sees half a file.
    static func write(_ path: String, _ text: String) throws(ReadError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw ReadError(message: "cannot write \(path): \(String(cString: strerror(errno)))") }
        do {
            try writeAll(fd, text)
        } catch {
            close(fd)
            unlink(temporary)
            throw ReadError(message: "cannot write \(path): \(error)")
        }
        close(fd)
        guard rename(temporary, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporary)
            throw ReadError(message: "cannot write \(path): \(message)")
        }
    }

    /// Creates `path` and its missing parents with mode 0700 (the history's directory).
    static func makeDirectories(_ path: String) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            prefix += "/" + part
            mkdir(prefix, 0o700)
        }
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        let string = String(cString: value)
        return string.isEmpty ? nil : string
    }
}
