import Glibc

/// The header of a database's write-ahead log (`APP.sqlite-wal`), checked before SQLite reads
/// the log: SQLite takes a log whose header is damaged for an empty one, so that what it held
/// (every commit since the last checkpoint, the whole state of a database never checkpointed)
/// would be dropped in silence and the log overwritten by the next write. The 32 bytes
/// (sqlite.org/fileformat.html, "WAL File Format"): magic 0x377f0682 or 0x377f0683 (its low
/// bit: checksums over big-endian words), version 3007000, page size, checkpoint sequence,
/// two salts, and a checksum of the first 24 bytes.
enum WALHeader {
    static let size = 32

    /// Throws `.unreadable` naming `database` when its log has bytes but no valid header; an
    /// absent or empty log is fine.
    static func check(database: String) throws(StoreError) {
        let log = database + "-wal"
        let descriptor = open(log, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return }
            throw StoreError.system(errno, path: database, doing: "cannot read its log \(log)")
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: size)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
        guard count != 0 else { return }
        guard count == size else {
            throw StoreError(.unreadable, path: database, detail: "damaged: its log \(log) is shorter than a log's header")
        }
        if let problem = problem(in: header) {
            throw StoreError(.unreadable, path: database, detail: "damaged: its log \(log) has \(problem)")
        }
    }

    /// What is wrong with a header's 32 bytes, or `nil`.
    static func problem(in header: [UInt8]) -> String? {
        func word(_ offset: Int, bigEndian: Bool = true) -> UInt32 {
            let bytes = header[offset..<(offset + 4)].map(UInt32.init)
            return bigEndian
                ? bytes[0] << 24 | bytes[1] << 16 | bytes[2] << 8 | bytes[3]
                : bytes[3] << 24 | bytes[2] << 16 | bytes[1] << 8 | bytes[0]
        }
        let magic = word(0)
        guard magic & ~1 == 0x377f_0682 else { return "no log's magic number" }
        guard word(4) == 3_007_000 else { return "an unknown version \(word(4))" }
        let bigEndian = magic & 1 == 1
        var first: UInt32 = 0
        var second: UInt32 = 0
        for offset in stride(from: 0, to: 24, by: 8) {
            first = first &+ word(offset, bigEndian: bigEndian) &+ second
            second = second &+ word(offset + 4, bigEndian: bigEndian) &+ first
        }
        guard first == word(24), second == word(28) else { return "a header whose checksum does not match" }
        return nil
    }
}
