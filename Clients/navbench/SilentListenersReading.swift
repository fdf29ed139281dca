import Glibc

/// The fourth reading of `navbench events`: how long an emit waits when `listeners` listen to
/// its event and never answer, against a navd of its own started with `--listener-timeout`
/// `timeoutMs`. Every listener of an event is asked at once with one deadline, so an emit
/// should take about one timeout however many are silent (Protocol/semantics.md 76); a
/// listener is dropped after three missed deadlines (rule 85), so each measured emit gets a
/// fresh set of silent listeners.
struct SilentListenersReading {
    var listeners: Int
    var timeoutMs: Int

    /// One figure: the emits' latencies in milliseconds, in order.
    struct Figures {
        var latenciesMs: [Double]

        var medianMs: Double { navbench.median(latenciesMs) }
        var maxMs: Double { latenciesMs.max() ?? 0 }
    }

    func measure(navdPath: String, app: String, emits: Int) throws -> Figures {
        let navd = try ServerProcess.navd(binary: navdPath, app: app, extraArguments: ["--listener-timeout", "\(timeoutMs)"])
        defer { navd.stop() }
        let emitter = try LineClient(path: navd.socketPath)
        var latencies: [Double] = []
        for index in 0..<max(emits, 1) {
            let silent = try (0..<listeners).map { _ in try LineClient(path: navd.socketPath) }
            for listener in silent {
                try listener.send(#"{"jsonrpc":"2.0","id":1,"method":"events.listen","params":{"events":["open"]}}"# + "\n")
                let answer = try listener.readText()
                guard answer.contains(#""result""#) else { throw BenchError("events.listen failed: \(answer)") }
            }
            let started = Clock.nanoseconds()
            try emitter.send(#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"event.emit","params":{"name":"open","payload":{"id":1}}}"# + "\n")
            let answer = try emitter.readText()
            latencies.append(Double(Clock.nanoseconds() - started) / 1e6)
            guard answer.contains(#""skipped""#) else { throw BenchError("the emit did not skip its silent listeners: \(answer.prefix(300))") }
        }
        return Figures(latenciesMs: latencies)
    }
}
