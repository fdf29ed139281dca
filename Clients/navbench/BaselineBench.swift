import ArgumentParser
import Foundation

/// `navbench baseline`: the same closed-loop loads against navd and against a minimal C libuv
/// server that answers every line with a fixed line (`navbench-baseline`), interleaved run by
/// run so that both see the same machine, with the ratio of the medians.
struct BaselineBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Runs rtt and throughput against navd and the C libuv baseline in one run, with the ratios.")

    @Option(help: "A running navd's socket. Default: navbench starts navd itself.")
    var socket: String?

    @Option(help: "Connections of the throughput load.")
    var connections = 16

    @Option(help: "Seconds per measured run.")
    var duration: Double = 2

    @Option(help: "Runs of each load against each server, interleaved; medians are reported.")
    var repetitions = 5

    @Option(help: "What navd is sent: \(LoadMix.allCases.map(\.rawValue).joined(separator: ", ")).")
    var mix: LoadMix = .routeClose

    @Flag(help: "Pin navbench and both servers to one CPU: round trips without idle wake-ups.")
    var oneCore = false

    @OptionGroup var programs: ProgramOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard connections > 0, duration > 0, repetitions > 0 else {
            throw ValidationError("--connections, --duration and --repetitions must be positive.")
        }
    }

    func run() throws {
        let comparisons = try runBaselineComparison(
            navdSocket: socket, programs: programs, connections: connections, duration: duration,
            repetitions: repetitions, mix: mix, oneCore: oneCore)
        if output.json {
            print("[" + comparisons.map(\.json).joined(separator: ",") + "]")
        } else {
            LoadComparison.printTable(comparisons)
        }
    }
}

/// One load against navd and the baseline: every run of each, and the medians.
struct LoadComparison {
    var scenario: String
    var connections: Int
    var mix: LoadMix
    /// navbench and both servers pinned to one CPU (`--one-core`).
    var oneCore = false
    var navdRuns: [LoadFigures] = []
    var baselineRuns: [LoadFigures] = []

    var navd: LoadFigures { LoadFigures.median(navdRuns) }
    var baseline: LoadFigures { LoadFigures.median(baselineRuns) }
    /// navd's median req/s over the baseline's.
    var ratio: Double { baseline.rps == 0 ? 0 : navd.rps / baseline.rps }

    var json: String {
        #"{"scenario":"\#(scenario)","connections":\#(connections),"mix":"\#(mix.rawValue)","oneCore":\#(oneCore),"#
            + #""navd":\#(navd.json),"baseline":\#(baseline.json),"ratio":\#(String(format: "%.3f", ratio)),"#
            + #""navdRuns":[\#(navdRuns.map(\.json).joined(separator: ","))],"#
            + #""baselineRuns":[\#(baselineRuns.map(\.json).joined(separator: ","))]}"#
    }

    static func printTable(_ comparisons: [LoadComparison]) {
        print("scenario    conns  server     runs  req/s (median)  p50 µs    p99 µs  p99.9 µs   req/s of each run")
        for c in comparisons {
            for (label, runs) in [("navd", c.navdRuns), ("baseline", c.baselineRuns)] {
                let m = LoadFigures.median(runs)
                print(padRight(c.scenario, 12) + String(format: "%5d  ", c.connections) + padRight(label, 10)
                    + String(format: "%5d %15.0f %8.1f %9.1f %9.1f   ", runs.count, m.rps, m.p50us, m.p99us, m.p999us)
                    + runs.map { String(format: "%.0f", $0.rps) }.joined(separator: " "))
            }
            print(padRight(c.scenario, 12) + String(format: "%5d  ", c.connections) + padRight("ratio", 10)
                + String(format: "      %15.3f", c.ratio) + "   (navd / baseline, req/s)")
        }
    }
}

/// rtt (one connection) and throughput (`connections`) against navd and the baseline,
/// interleaved: each repetition runs navd then the baseline for each load. With `oneCore`,
/// everything runs pinned to one CPU (`onOneCore`).
func runBaselineComparison(
    navdSocket: String?, programs: ProgramOptions, connections: Int, duration: Double, repetitions: Int, mix: LoadMix,
    oneCore: Bool = false
) throws -> [LoadComparison] {
    guard !oneCore else {
        return try onOneCore {
            try runBaselineComparison(
                navdSocket: navdSocket, programs: programs, connections: connections, duration: duration,
                repetitions: repetitions, mix: mix
            ).map { comparison in
                var pinned = comparison
                pinned.oneCore = true
                return pinned
            }
        }
    }
    let navd = navdSocket == nil ? try ServerProcess.navd(binary: programs.navdPath) : nil
    defer { navd?.stop() }
    let baseline = try ServerProcess.baseline(binary: programs.baselinePath)
    defer { baseline.stop() }
    let navdPath = navdSocket ?? navd!.socketPath
    var rtt = LoadComparison(scenario: "rtt", connections: 1, mix: mix)
    var throughput = LoadComparison(scenario: "throughput", connections: connections, mix: mix)
    for _ in 0..<repetitions {
        rtt.navdRuns.append(try runClosedLoop(path: navdPath, connections: 1, mix: mix, duration: duration).figures)
        rtt.baselineRuns.append(try runClosedLoop(path: baseline.socketPath, connections: 1, mix: mix, duration: duration).figures)
        throughput.navdRuns.append(
            try runClosedLoop(path: navdPath, connections: connections, mix: mix, duration: duration).figures)
        throughput.baselineRuns.append(
            try runClosedLoop(path: baseline.socketPath, connections: connections, mix: mix, duration: duration).figures)
    }
    return [rtt, throughput]
}
