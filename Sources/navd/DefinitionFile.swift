import ArgumentParser
import Glibc

/// Reads a definition file, `-` meaning standard input (`DefinitionFile`: a regular file of
/// at most 16 MiB). One it cannot read ends the command: `navd: cannot read FILE: why` on
/// standard error, exit status 1.
func readDefinition(_ path: String) throws(ExitCode) -> String {
    do {
        return try DefinitionFile.read(path)
    } catch {
        StandardIO.error("navd: cannot read \(path): \(error)\n")
        throw ExitCode(1)
    }
}

/// Reads an app definition: a regular file, or standard input for `-`, of at most
/// `maxBytes` (Protocol/semantics.md, "App definitions"). Anything else — a device such as
/// /dev/zero, a FIFO, a directory, a larger file — is refused before it is read, so that
/// `navd check` and `navd --app` always end.
enum DefinitionFile {
    /// 16 MiB: a definition of 100,000 screens is about 10 MiB.
    static let maxBytes = 16 << 20

    static func read(_ path: String) throws(StandardIO.ReadError) -> String {
        let bytes: [UInt8]
        if path == "-" {
            bytes = try readAtMost(STDIN_FILENO, path: "standard input")
        } else {
            // O_NONBLOCK: opening a FIFO for reading would wait for a writer; it is refused below.
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard fd >= 0 else { throw StandardIO.ReadError(description: String(cString: strerror(errno))) }
            defer { close(fd) }
            var status = stat()
            guard fstat(fd, &status) == 0 else { throw StandardIO.ReadError(description: String(cString: strerror(errno))) }
            guard status.st_mode & S_IFMT == S_IFREG else {
                throw StandardIO.ReadError(description: "\(kind(of: status.st_mode)), not a regular file (an app definition is a JSON file, or - for standard input)")
            }
            guard Int(status.st_size) <= maxBytes else { throw tooLarge(Int(status.st_size)) }
            bytes = try readAtMost(fd, path: path)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StandardIO.ReadError(description: "the file is not valid UTF-8")
        }
        return text
    }

    /// At most `maxBytes`: one byte more is an error (standard input, or a file that grew).
    private static func readAtMost(_ fd: Int32, path: String) throws(StandardIO.ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                // Standard input that is a non-blocking pipe or terminal: wait for it.
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                _ = poll(&poller, 1, -1)
                continue
            }
            guard n >= 0 else { throw StandardIO.ReadError(description: String(cString: strerror(errno))) }
            if n == 0 { return bytes }
            bytes += chunk[..<n]
            if bytes.count > maxBytes { throw tooLarge(nil) }
        }
    }

    private static func tooLarge(_ size: Int?) -> StandardIO.ReadError {
        let what = size.map { "the file is \(mebibytes($0)) MiB" } ?? "it holds more than 16 MiB"
        return StandardIO.ReadError(description: "\(what); an app definition is at most 16 MiB")
    }

    /// `20.5`: one decimal, without Foundation.
    private static func mebibytes(_ bytes: Int) -> String {
        let tenths = (bytes * 10 + (1 << 19)) >> 20
        return "\(tenths / 10).\(tenths % 10)"
    }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }
}
