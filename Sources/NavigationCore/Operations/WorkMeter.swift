#if DEBUG
/// Debug and test builds only: counts units of work — tree lookups, trie nodes visited, bytes
/// of captured text built — done inside `measure`, on the task that runs it. Tests show with
/// it that an operation's cost grows linearly with its size without timing anything (timings
/// on a shared machine prove nothing); release builds have none of it.
public enum WorkMeter {
    final class Counter: @unchecked Sendable {
        var units = 0
    }

    @TaskLocal static var counter: Counter?

    @inline(__always)
    static func add(_ units: Int) {
        counter?.units += units
    }

    /// Runs `body` and returns what it returned and the work it did.
    public static func measure<R>(_ body: () throws -> R) rethrows -> (result: R, work: Int) {
        let counter = Counter()
        let result = try $counter.withValue(counter) { try body() }
        return (result, counter.units)
    }

    /// Runs `body` without counting: for the checks debug builds add, which release builds
    /// do not run.
    static func uncounted<R>(_ body: () throws -> R) rethrows -> R {
        try $counter.withValue(nil) { try body() }
    }
}
#endif
