import ArgumentParser
import Foundation

/// `navbench all` (`make bench`): every scenario in one run, then one table of the performance
/// targets with navd's figure, the baseline's and the ratio.
struct AllBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "all",
        abstract: "Runs every scenario and prints the performance targets: navd, baseline, ratio, goal.")

    @Option(help: "Seconds per measured rtt/throughput run.")
    var duration: Double = 2

    @Option(help: "rtt/throughput runs against each server (interleaved); medians are reported.")
    var repetitions = 5

    @Option(help: "Connections of the throughput load.")
    var connections = 16

    @Option(help: "Fan-out subscribers.")
    var subscribers = 256

    @Option(help: "Fan-out changes per second.")
    var rate = 1_000

    @Option(help: "Seconds of each fan-out run.")
    var fanoutDuration: Double = 5

    @Option(help: "Fan-out runs (each on a fresh navd); medians are reported.")
    var fanoutRepetitions = 3

    @Flag(help: "Skip the scale curves (navbench scale), which take a few minutes.")
    var noScale = false

    @OptionGroup var programs: ProgramOptions
    @OptionGroup var output: OutputOptions

    func run() throws {
        let log = { (text: String) in if !output.json { print(text) } }

        log("== deeplink: parse + match per URL, navd vs routing-kit's TrieRouter")
        let deeplink = try DeepLinkBench.measureDefaults()
        if !output.json { DeepLinkBench.printTable(deeplink) }

        log("\n== baseline: rtt and throughput (route/close), navd vs the C libuv baseline, \(repetitions) interleaved runs of \(duration) s")
        let loads = try runBaselineComparison(
            navdSocket: nil, programs: programs, connections: connections, duration: duration, repetitions: repetitions,
            mix: .routeClose)
        if !output.json { LoadComparison.printTable(loads) }

        log("\n== baseline on one core: the same, navbench and both servers pinned to one CPU (no idle wake-ups)")
        let pinnedLoads = try runBaselineComparison(
            navdSocket: nil, programs: programs, connections: connections, duration: duration, repetitions: repetitions,
            mix: .routeClose, oneCore: true)
        if !output.json { LoadComparison.printTable(pinnedLoads) }

        log("\n== fanout: \(subscribers) subscribers, \(rate) changes/s for \(fanoutDuration) s, \(fanoutRepetitions) runs")
        var fanoutRuns: [FanoutResult] = []
        for _ in 0..<fanoutRepetitions {
            let navd = try ServerProcess.navd(binary: programs.navdPath)
            defer { navd.stop() }
            fanoutRuns.append(try runFanout(
                path: navd.socketPath, subscribers: subscribers, rate: rate, duration: fanoutDuration, tree: true))
        }
        if !output.json { FanoutResult.printTable(fanoutRuns, subscribers: subscribers, rate: rate) }
        let fanout = FanoutResult.median(fanoutRuns)

        log("\n== idle: startup, idle memory, 1,000 idle connections")
        let idle = try measureIdle(.navd, programs: programs, connections: 1_000, starts: 5)
        let idleBaseline = try measureIdle(.baseline, programs: programs, connections: 1_000, starts: 5)
        if !output.json { IdleResult.printTable([idle, idleBaseline]) }

        log("\n== durable: a navd that keeps its state (--sync normal, full) beside an ephemeral one")
        var durableBench = try DurableBench.parse([])
        durableBench.programs = programs
        durableBench.connections = connections
        durableBench.duration = duration
        durableBench.repetitions = repetitions
        let durable = try durableBench.measure(printing: !output.json, alsoOnOneCore: true)

        var curves: [Curve] = []
        if !noScale {
            log("\n== scale: cost curves; each doubling of N should cost at most about twice as much")
            var scale = try ScaleBench.parse([])
            scale.programs = programs
            curves = try scale.measureAll(printing: !output.json)
        }

        let targets = Self.targets(deeplink: deeplink, loads: loads + pinnedLoads, fanout: fanout, idle: idle, idleBaseline: idleBaseline,
                                   subscribers: subscribers, rate: rate)
            + durable.targets
            + curves.map { curve in
                let growth = curve.worstGrowthPerDoubling
                return Target(name: "scale: \(curve.name), ×time per 2×N", navd: String(format: "%.2f×", growth), baseline: "—",
                              ratio: "—", goal: "≤ 2.5× (linear)", met: growth <= 2.5)
            }
        if output.json {
            print(#"{"targets":[\#(targets.map(\.json).joined(separator: ","))],"#
                + #""loads":[\#((loads + pinnedLoads).map(\.json).joined(separator: ","))],"fanout":\#(fanout.json),"#
                + #""idle":[\#(idle.json),\#(idleBaseline.json)]}"#)
        } else {
            print("\n== targets (one run, this machine; medians of the runs above)")
            Target.printTable(targets)
        }
        guard fanoutRuns.allSatisfy(\.allConverged) else { throw ExitCode(1) }
    }

    static func targets(
        deeplink: [DeepLinkBench.Figure], loads: [LoadComparison], fanout: FanoutResult, idle: IdleResult,
        idleBaseline: IdleResult, subscribers: Int, rate: Int
    ) -> [Target] {
        var targets: [Target] = []
        for load in loads {
            let goal = load.connections == 1 ? 0.9 : 0.5
            let name = load.connections == 1 ? "rtt req/s, 1 connection" : "throughput req/s, \(load.connections) connections"
            targets.append(Target(
                name: load.oneCore ? name + ", one core" : name,
                navd: format(load.navd.rps, "%.0f"), baseline: format(load.baseline.rps, "%.0f"),
                ratio: String(format: "%.2f", load.ratio), goal: String(format: "ratio ≥ %.1f", goal), met: load.ratio >= goal))
        }
        targets.append(Target(
            name: "fanout p99 delivery ms, \(subscribers) subs at \(rate)/s", navd: String(format: "%.2f", fanout.p99ms),
            baseline: "—", ratio: "—", goal: "≤ 5 ms", met: fanout.p99ms <= 5))
        targets.append(Target(
            name: "fanout subscribers converged", navd: "\(fanout.converged)/\(fanout.subscribers)", baseline: "—", ratio: "—",
            goal: "all", met: fanout.allConverged))
        if let first = deeplink.first, let last = deeplink.last {
            targets.append(Target(
                name: "deeplink ns/URL at \(last.patterns) patterns (baseline: routing-kit)",
                navd: String(format: "%.0f", last.nsPerURL), baseline: String(format: "%.0f", last.routingKitNsPerURL),
                ratio: String(format: "%.2f", last.ratio), goal: "ratio < 1", met: last.ratio < 1))
            let growth = last.nsPerURL / first.nsPerURL
            let rkGrowth = last.routingKitNsPerURL / first.routingKitNsPerURL
            targets.append(Target(
                name: "deeplink cost at \(last.patterns) / at \(first.patterns) patterns",
                navd: String(format: "%.2f×", growth), baseline: String(format: "%.2f×", rkGrowth), ratio: "—",
                goal: "flat: ≤ 1.5×", met: growth <= 1.5))
        }
        targets.append(Target(
            name: "idle RSS MiB", navd: String(format: "%.1f", mebibytes(idle.idleBytes)),
            baseline: String(format: "%.1f", mebibytes(idleBaseline.idleBytes)),
            ratio: String(format: "%.1f", Double(idle.idleBytes) / Double(max(idleBaseline.idleBytes, 1))), goal: "≤ 20 MiB",
            met: idle.idleBytes <= 20 << 20))
        targets.append(Target(
            name: "RSS added by \(idle.connections) idle connections MiB", navd: String(format: "%.1f", mebibytes(idle.addedBytes)),
            baseline: String(format: "%.1f", mebibytes(idleBaseline.addedBytes)),
            ratio: String(format: "%.1f", Double(idle.addedBytes) / Double(max(idleBaseline.addedBytes, 1))), goal: "≤ 32 MiB",
            met: idle.addedBytes <= 32 << 20))
        targets.append(Target(
            name: "startup to accepting ms (sample app)", navd: String(format: "%.1f", idle.medianStartupMs),
            baseline: String(format: "%.1f", idleBaseline.medianStartupMs),
            ratio: String(format: "%.1f", idle.medianStartupMs / max(idleBaseline.medianStartupMs, 0.001)), goal: "≤ 100 ms",
            met: idle.medianStartupMs <= 100))
        return targets
    }

    private static func format(_ value: Double, _ format: String) -> String { String(format: format, value) }
}

/// One line of the targets table.
struct Target {
    var name: String
    var navd: String
    var baseline: String
    var ratio: String
    var goal: String
    var met: Bool

    var json: String {
        #"{"target":"\#(name)","navd":"\#(navd)","baseline":"\#(baseline)","ratio":"\#(ratio)","goal":"\#(goal)","met":\#(met)}"#
    }

    static func printTable(_ targets: [Target]) {
        let width = (targets.map(\.name.count).max() ?? 6) + 2
        print(padRight("target", width) + padLeft("navd", 10) + padLeft("baseline", 10) + padLeft("ratio", 8) + "  "
            + padRight("goal", 16) + "met")
        for t in targets {
            print(padRight(t.name, width) + padLeft(t.navd, 10) + padLeft(t.baseline, 10) + padLeft(t.ratio, 8) + "  "
                + padRight(t.goal, 16) + (t.met ? "yes" : "NO"))
        }
    }
}
