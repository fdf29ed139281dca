import Glibc
import NavSystem

/// A blocking NDJSON client on a raw Unix socket: the load loop's own, so that what is
/// measured is navd and the kernel, not a client library.
final class LineClient {
    let fd: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(path: String) throws(BenchError) {
        do {
            fd = try UnixSocket.connect(to: path)
        } catch {
            throw BenchError("cannot connect to \(path): \(error) (start navd with `make run`)")
        }
    }

    deinit { close(fd) }

    /// Whether a server accepts a connection on `path` now (the connection is closed at once).
    static func canConnect(_ path: String) -> Bool {
        guard let fd = try? UnixSocket.connect(to: path) else { return false }
        close(fd)
        return true
    }

    func send(_ bytes: [UInt8]) throws(BenchError) {
        do {
            try writeAll(fd, bytes, to: .socket)
        } catch {
            throw BenchError("send: \(error)")
        }
    }

    func send(_ text: String) throws(BenchError) {
        try send(Array(text.utf8))
    }

    /// Reads up to and including the next newline; returns the line's length.
    @discardableResult
    func readLine() throws(BenchError) -> Int {
        var length = 0
        while true {
            let found = buffer.withUnsafeBytes { raw in
                start < end ? memchr(raw.baseAddress! + start, 0x0A, end - start) : nil
            }
            if let found {
                let newline = buffer.withUnsafeBytes { raw in raw.baseAddress!.distance(to: UnsafeRawPointer(found)) }
                length += newline - start
                start = newline + 1
                return length
            }
            length += end - start
            start = 0
            end = 0
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            guard n > 0 else { throw BenchError(n == 0 ? "the server closed the connection" : "recv: \(String(cString: strerror(errno)))") }
            end = n
        }
    }

    /// Reads the next line whole (for the few replies a scenario looks into).
    func readText() throws(BenchError) -> String {
        var line: [UInt8] = []
        while true {
            if start < end {
                let slice = buffer[start..<end]
                if let newline = slice.firstIndex(of: 0x0A) {
                    line += buffer[start..<newline]
                    start = newline + 1
                    return String(decoding: line, as: UTF8.self)
                }
                line += slice
            }
            start = 0
            end = 0
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, $0.count, 0) }
            guard n > 0 else { throw BenchError(n == 0 ? "the server closed the connection" : "recv: \(String(cString: strerror(errno)))") }
            end = n
        }
    }
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// The integer after `"key":` in a JSON line (navbench reads revisions this way, without
/// parsing whole notifications).
func integer(after key: StaticString, in line: UnsafeRawBufferPointer) -> Int? {
    let keyLength = key.utf8CodeUnitCount
    guard line.count > keyLength else { return nil }
    guard let found = offset(of: key, in: line) else { return nil }
    var index = found + keyLength
    var value = 0
    var digits = 0
    while index < line.count, line[index] >= 0x30, line[index] <= 0x39 {
        value = value * 10 + Int(line[index] - 0x30)
        index += 1
        digits += 1
    }
    return digits > 0 ? value : nil
}

func integer(after key: StaticString, in text: String) -> Int? {
    var text = text
    return text.withUTF8 { integer(after: key, in: UnsafeRawBufferPointer($0)) }
}

/// Where `needle` first occurs in `bytes` (glibc's memmem is not visible to Swift).
func offset(of needle: StaticString, in bytes: UnsafeRawBufferPointer) -> Int? {
    let length = needle.utf8CodeUnitCount
    guard length > 0, bytes.count >= length, let base = bytes.baseAddress else { return nil }
    let first = Int32(needle.utf8Start[0])
    var start = 0
    let last = bytes.count - length
    while start <= last, let hit = memchr(base + start, first, last - start + 1) {
        let index = base.distance(to: UnsafeRawPointer(hit))
        if memcmp(base + index, needle.utf8Start, length) == 0 { return index }
        start = index + 1
    }
    return nil
}
