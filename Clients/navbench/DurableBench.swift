import ArgumentParser
import Foundation
import Glibc

/// `navbench durable`: what keeping the state costs. rtt and throughput (route/close) against an
/// ephemeral navd and durable ones (`--sync normal`, `--sync full`, the state on the same disk
/// as /tmp), interleaved run by run, with each one's ratio to the ephemeral navd. Beside them
/// the C baseline, plain and with `--sqlite` (a durable navd's rows committed the same way and
/// nothing else): the difference is what SQLite's commit alone costs per request, and so the
/// best ratio any navd that commits those rows could reach. Then, after `--revisions`
/// revisions, the database's size, the time from spawn to accepting of a navd that restores
/// them, and `nav.history {limit: 100}` latency.
struct DurableBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "durable",
        abstract: "Measures a durable navd beside an ephemeral one: rtt, throughput, restart, database size.")

    @Option(help: "Connections of the throughput load.")
    var connections = 16

    @Option(help: "Seconds per measured run.")
    var duration: Double = 2

    @Option(help: "Runs of each load against each navd, interleaved; medians are reported.")
    var repetitions = 3

    @Option(help: "Revisions made before the restart and size figures.")
    var revisions = 10_000

    @Flag(help: "Pin navbench and every server to one CPU for the rtt and throughput loads: round trips without idle wake-ups.")
    var oneCore = false

    @OptionGroup var programs: ProgramOptions

    func validate() throws {
        guard connections > 0, duration > 0, repetitions > 0, revisions > 0 else {
            throw ValidationError("--connections, --duration, --repetitions and --revisions must be positive.")
        }
    }

    func run() throws {
        _ = try measure(printing: true)
    }

    /// Every figure, printed as it is measured when `printing`; with `alsoOnOneCore`, the
    /// loads a second time on one core (`navbench all`).
    func measure(printing: Bool, alsoOnOneCore: Bool = false) throws -> DurableFigures {
        let print = { (text: String) in if printing { Swift.print(text) } }
        let root = try ServerProcess.makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var figures = DurableFigures(connections: connections, revisions: revisions)
        figures.runs.append(try measureLoads(in: root + "/loads", pinned: oneCore, print: print))
        if alsoOnOneCore && !oneCore {
            print("")
            figures.runs.append(try measureLoads(in: root + "/one-core", pinned: true, print: print))
        }
        try measureRestart(root: root, into: &figures, print: print)
        return figures
    }

    /// rtt and throughput against each navd and each baseline, interleaved, with state in
    /// `directory`.
    private func measureLoads(in directory: String, pinned: Bool, print: (String) -> Void) throws -> DurableLoads {
        print("== durable: rtt and throughput (route/close), \(repetitions) interleaved runs of \(duration) s"
            + (pinned ? ", on one core" : "") + "; state in \(directory)")
        for made in [directory, directory + "/baseline"] where mkdir(made, 0o700) != 0 {
            throw BenchError("mkdir \(made): \(String(cString: strerror(errno)))")
        }
        let navd = programs.navdPath
        let baseline = programs.baselinePath
        // The navds are compared with the ephemeral one, the baseline with SQLite with the plain one.
        let (ephemeral, navds, plainBaseline, withSQLite) = (0, 0..<3, 3, 4)
        let kinds: [(name: String, start: () throws(BenchError) -> ServerProcess)] = [
            ("ephemeral", { () throws(BenchError) in try .navd(binary: navd) }),
            ("sync normal", { () throws(BenchError) in try .navd(binary: navd, state: .durable(directory: directory + "/normal", sync: "normal")) }),
            ("sync full", { () throws(BenchError) in try .navd(binary: navd, state: .durable(directory: directory + "/full", sync: "full")) }),
            ("baseline", { () throws(BenchError) in try .baseline(binary: baseline) }),
            ("+ SQLite", { () throws(BenchError) in try .baseline(binary: baseline, sqlite: directory + "/baseline") }),
        ]
        var rtt: [[LoadFigures]] = Array(repeating: [], count: kinds.count)
        var throughput: [[LoadFigures]] = Array(repeating: [], count: kinds.count)
        var servers: [ServerProcess] = []
        defer { servers.forEach { $0.stop() } }
        let load = {
            for kind in kinds { servers.append(try kind.start()) }
            for _ in 0..<repetitions {
                for (index, server) in servers.enumerated() {
                    rtt[index].append(try runClosedLoop(path: server.socketPath, connections: 1, mix: .routeClose, duration: duration).figures)
                    throughput[index].append(
                        try runClosedLoop(path: server.socketPath, connections: connections, mix: .routeClose, duration: duration).figures)
                }
            }
        }
        if pinned { try onOneCore(load) } else { try load() }
        print("server        rtt req/s  p50 µs  p99 µs  ratio   throughput req/s (\(connections) conns)  p99 µs  ratio")
        var figures = DurableLoads(oneCore: pinned, connections: connections)
        let rtts = rtt.map { LoadFigures.median($0) }
        let throughputs = throughput.map { LoadFigures.median($0) }
        for (index, kind) in kinds.enumerated() {
            let base = navds.contains(index) ? ephemeral : plainBaseline
            let r = rtts[index]
            let t = throughputs[index]
            print(padRight(kind.name, 12) + String(format: "%11.0f %7.1f %7.1f %6.2f   %16.0f %21.1f %6.2f",
                r.rps, r.p50us, r.p99us, r.rps / rtts[base].rps, t.rps, t.p99us, t.rps / throughputs[base].rps))
            if navds.contains(index) { figures.loads.append((kind.name, r.rps, t.rps)) }
        }
        figures.sqliteRttSeconds = 1 / rtts[withSQLite].rps - 1 / rtts[plainBaseline].rps
        figures.sqliteThroughputSeconds = 1 / throughputs[withSQLite].rps - 1 / throughputs[plainBaseline].rps
        print(String(format: "SQLite's commit alone (the baseline with SQLite against without): %+.1f µs a round trip, "
            + "%+.1f µs a request at %d conns;", figures.sqliteRttSeconds * 1e6, figures.sqliteThroughputSeconds * 1e6, connections))
        print(String(format: "an ephemeral navd adding only that would reach ratios of %.2f (rtt) and %.2f (throughput)",
            figures.rttCeiling, figures.throughputCeiling))
        return figures
    }

    /// `revisions` revisions on one connection (route/close, 100 in flight), a SIGTERM, the
    /// database's size, then restarts that restore them, and `nav.history` latency.
    private func measureRestart(root: String, into figures: inout DurableFigures, print: (String) -> Void) throws {
        let directory = root + "/restart"
        let state = ServerProcess.NavdState.durable(directory: directory, sync: "normal")
        let first = try ServerProcess.navd(binary: programs.navdPath, state: state)
        do {
            defer { first.stop() }
            let client = try LineClient(path: first.socketPath)
            var made = 0
            while made < revisions {
                let count = min(100, revisions - made)
                var lines: [UInt8] = []
                for n in made..<(made + count) { lines += LoadMix.routeClose.request(n) }
                try client.send(lines)
                for _ in 0..<count { try client.readLine() }
                made += count
            }
        }
        let database = directory + "/social.sqlite"
        let size = ["", "-wal", "-shm"].map { fileSize(database + $0) }.reduce(0, +)
        print("\n== durable: \(revisions) revisions of the sample app (route/close), then SIGTERM")
        print(String(format: "database size: %.1f MiB (%d bytes; %.0f bytes per revision)",
            Double(size) / 1_048_576, size, Double(size) / Double(revisions)))
        var restarts: [Double] = []
        var fresh: [Double] = []
        var historyLatencies: [Double] = []
        for attempt in 0..<5 {
            let restarted = try ServerProcess.navd(binary: programs.navdPath, state: state)
            restarts.append(restarted.secondsToAccepting * 1000)
            if attempt == 0 {
                let client = try LineClient(path: restarted.socketPath)
                for n in 0..<2_000 {
                    let start = Clock.nanoseconds()
                    try client.send(#"{"jsonrpc":"2.0","id":\#(n),"method":"nav.history","params":{"limit":100}}"# + "\n")
                    try client.readLine()
                    historyLatencies.append(Double(Clock.nanoseconds() - start) / 1e6)
                }
            }
            restarted.stop()
            let ephemeral = try ServerProcess.navd(binary: programs.navdPath)
            fresh.append(ephemeral.secondsToAccepting * 1000)
            ephemeral.stop()
        }
        historyLatencies.sort()
        let p99 = historyLatencies[Int(Double(historyLatencies.count) * 0.99)]
        figures.databaseBytes = size
        figures.restartMs = median(restarts)
        figures.freshStartMs = median(fresh)
        figures.historyP99Ms = p99
        print(String(format: "restart to accepting, restoring %d history entries: %.1f ms (median of 5; an ephemeral navd: %.1f ms)",
            min(revisions + 1, 10_000), median(restarts), median(fresh)))
        print(String(format: "nav.history {limit: 100} on the restored navd: p50 %.2f ms, p99 %.2f ms (2,000 calls)",
            historyLatencies[historyLatencies.count / 2], p99))
    }

    private func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : 0
    }
}

/// What `navbench durable` measured, for `navbench all`'s targets.
struct DurableFigures {
    var connections: Int
    var revisions: Int
    /// The loads: as they run, then on one core when both were measured.
    var runs: [DurableLoads] = []
    var databaseBytes = 0
    var restartMs = 0.0
    var freshStartMs = 0.0
    var historyP99Ms = 0.0

    /// The issue's targets: durable (`--sync normal`) against ephemeral, restart, history
    /// latency; `--sync full` reported without a goal (the disk decides).
    var targets: [Target] {
        var targets = runs.flatMap(\.targets)
        targets.append(Target(
            name: "restart to accepting ms, \(min(revisions + 1, 10_000)) history entries", navd: String(format: "%.1f", restartMs),
            baseline: String(format: "%.1f", freshStartMs), ratio: String(format: "%.1f", restartMs / max(freshStartMs, 0.001)),
            goal: "≤ 150 ms", met: restartMs <= 150))
        targets.append(Target(
            name: "nav.history {limit: 100} p99 ms", navd: String(format: "%.2f", historyP99Ms), baseline: "—", ratio: "—",
            goal: "≤ 5 ms", met: historyP99Ms <= 5))
        targets.append(Target(
            name: "database MiB after \(revisions) revisions", navd: String(format: "%.1f", Double(databaseBytes) / 1_048_576),
            baseline: "—", ratio: "—", goal: "reported", met: true))
        return targets
    }
}

/// One run of `navbench durable`'s loads.
struct DurableLoads {
    var oneCore: Bool
    var connections: Int
    /// (navd, rtt req/s, throughput req/s): the ephemeral navd first.
    var loads: [(String, Double, Double)] = []
    /// Seconds SQLite's commit adds to a round trip alone, and to a request of the throughput
    /// load: the baseline with `--sqlite` against the plain one.
    var sqliteRttSeconds = 0.0
    var sqliteThroughputSeconds = 0.0

    /// The ratio to the ephemeral navd of a navd that added SQLite's commit and nothing else.
    var rttCeiling: Double { ceiling(rps: loads.first?.1 ?? 0, adding: sqliteRttSeconds) }
    var throughputCeiling: Double { ceiling(rps: loads.first?.2 ?? 0, adding: sqliteThroughputSeconds) }

    private func ceiling(rps: Double, adding seconds: Double) -> Double {
        guard rps > 0 else { return 0 }
        return (1 / rps) / (1 / rps + max(seconds, 0))
    }

    /// Durable against ephemeral: `--sync normal` against the goals, with the ceiling beside
    /// it; `--sync full` reported.
    var targets: [Target] {
        guard let ephemeral = loads.first else { return [] }
        let core = oneCore ? ", one core" : ""
        var targets: [Target] = []
        for load in loads.dropFirst() {
            let normal = load.0 == "sync normal"
            let measures = [
                ("rtt req/s", load.1, ephemeral.1, 0.7, rttCeiling),
                ("throughput req/s, \(connections) conns", load.2, ephemeral.2, 0.8, throughputCeiling),
            ]
            for (what, rps, ephemeralRps, goal, ceiling) in measures {
                let ratio = rps / ephemeralRps
                targets.append(Target(
                    name: "durable (\(load.0)) \(what)\(core)", navd: String(format: "%.0f", rps),
                    baseline: String(format: "%.0f", ephemeralRps), ratio: String(format: "%.2f", ratio),
                    goal: normal ? String(format: "ratio ≥ %.1f", goal) : "reported", met: !normal || ratio >= goal))
                guard normal else { continue }
                targets.append(Target(
                    name: "  at most, with SQLite's commit alone", navd: String(format: "%.0f", ephemeralRps * ceiling),
                    baseline: String(format: "%.0f", ephemeralRps), ratio: String(format: "%.2f", ceiling),
                    goal: "reported", met: true))
            }
        }
        return targets
    }
}
