internal import Glibc

/// Bytes waiting for one `uv_write`. Its memory is malloc'd and stays put while a write that
/// points into it is in flight: a connection owns two and swaps them (pending ↔ in flight), so
/// each queued byte is copied once, here, and never moved again before the kernel takes it.
final class WriteBuffer {
    private(set) var base: UnsafeMutableRawPointer?
    private(set) var count = 0
    private(set) var capacity = 0

    var isEmpty: Bool { count == 0 }

    func append(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(count + bytes.count)
        (base! + count).copyMemory(from: source, byteCount: bytes.count)
        count += bytes.count
    }

    /// Drops the first `count` bytes (the kernel took them), keeping the rest in order.
    func removeFirst(_ count: Int) {
        precondition(count >= 0 && count <= self.count, "WriteBuffer.removeFirst: \(count) of \(self.count) bytes")
        guard count > 0, let base else { return }
        self.count -= count
        base.copyMemory(from: base + count, byteCount: self.count)
    }

    /// Forgets the bytes; keeps the memory for reuse unless it grew beyond `limit` (a burst for one
    /// slow client should not stay allocated for the connection's life).
    func removeAll(keepingCapacityUpTo limit: Int) {
        count = 0
        if capacity > limit {
            free(base)
            base = nil
            capacity = 0
        }
    }

    private func reserve(_ needed: Int) {
        guard needed > capacity else { return }
        let grown = max(needed, capacity * 2, 4096)
        guard let memory = realloc(base, grown) else {
            fatalError("navd: out of memory growing a write buffer to \(grown) bytes")
        }
        base = memory
        capacity = grown
    }

    deinit {
        free(base)
    }
}
