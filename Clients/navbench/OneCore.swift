import Glibc

/// Runs `body` with the calling thread pinned to one CPU: the last one it may run on. Threads
/// and processes started from this thread meanwhile (load threads, navd, the baseline) inherit
/// the pin, so a round trip switches between processes on one core instead of waking an idle
/// one. On a machine whose idle cores are slow to wake, that takes the wake-up out of rtt and
/// leaves what each server itself costs. The previous set of CPUs is restored afterwards.
func onOneCore<T>(_ body: () throws -> T) throws -> T {
    let getAffinity = try affinityCall("sched_getaffinity")
    let setAffinity = try affinityCall("sched_setaffinity")
    let size = MemoryLayout<cpu_set_t>.size
    var previous = cpu_set_t()
    guard getAffinity(0, size, &previous) == 0 else {
        throw BenchError("sched_getaffinity failed: \(String(cString: strerror(errno)))")
    }
    let allowed = withUnsafeBytes(of: previous) { bytes in
        (0..<(bytes.count * 8)).filter { bytes[$0 / 8] & (1 << ($0 % 8)) != 0 }
    }
    guard let cpu = allowed.last else { throw BenchError("no CPU to pin to") }
    var pinned = cpu_set_t()
    withUnsafeMutableBytes(of: &pinned) { $0[cpu / 8] = 1 << (cpu % 8) }
    guard setAffinity(0, size, &pinned) == 0 else {
        throw BenchError("sched_setaffinity to CPU \(cpu) failed: \(String(cString: strerror(errno)))")
    }
    defer { _ = setAffinity(0, size, &previous) }
    return try body()
}

private typealias AffinityCall = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32

/// glibc declares `sched_getaffinity`/`sched_setaffinity` only under `_GNU_SOURCE`, which the
/// Glibc module Swift imports is not built with: they are looked up in libc by name instead.
private func affinityCall(_ name: String) throws -> AffinityCall {
    guard let symbol = dlsym(nil, name) else { throw BenchError("\(name) is not in this libc") }
    return unsafeBitCast(symbol, to: AffinityCall.self)
}
