import ArgumentParser
import Foundation
import Histogram
import NavJSON
import NavProtocol
import NavigationCore

/// The requests a closed-loop client sends, one at a time.
enum LoadMix: String, ExpressibleByArgument, CaseIterable {
    /// `nav.route {to: post, params: {postId}}` then `nav.close`, alternating.
    case routeClose = "route-close"
    /// `nav.state`.
    case state
    /// `nav.selectTab` cycling through the tabs.
    case selectTab = "select-tab"

    /// Request `n` (also its id), as NavClient would encode it; empty params are left out.
    func request(_ n: Int) -> [UInt8] {
        let (method, params): (RPCMethod, JSONObject)
        switch self {
        case .routeClose:
            let operation: NavOperation = n % 2 == 0
                ? .route(RouteRequest(to: "post", params: ["postId": .int(n)]))
                : .close(screen: nil)
            (method, params) = (RPCMethod(operation), operation.requestParams)
        case .state:
            (method, params) = (.navState, [:])
        case .selectTab:
            let operation = NavOperation.selectTab(.index(n % 4), flow: nil)
            (method, params) = (RPCMethod(operation), operation.requestParams)
        }
        return JSONBuffer.encode { line in
            RPCEncoder.request(id: .int(n), method: method.rawValue, params: params.isEmpty ? nil : .object(params), into: &line)
        }
    }

    /// A cycle of requests built once, so that the client spends nothing on building them.
    var cycle: [[UInt8]] { (0..<8).map(request) }
}

/// Options of the closed-loop scenarios.
struct LoadOptions: ParsableArguments {
    @Option(help: "navd's socket. Default: as navd resolves it ($NAVD_SOCKET, $XDG_RUNTIME_DIR, /tmp/navd-$UID).")
    var socket: String?

    @Option(help: "Seconds to measure per repetition (after a short warm-up).")
    var duration: Double = 3

    @Option(help: "Repetitions; the median of each figure is reported.")
    var repetitions = 3

    var path: String { SocketLocation.resolve(override: socket) }
}

/// A latency histogram in nanoseconds (HdrHistogram, 3 significant digits, up to a minute).
typealias LatencyHistogram = Histogram<UInt64>

func makeLatencyHistogram() -> LatencyHistogram {
    LatencyHistogram(lowestDiscernibleValue: 1, highestTrackableValue: 60_000_000_000, numberOfSignificantValueDigits: .three)
}

/// Latencies of every request, and the wall time they took.
struct LoadResult {
    var histogram: LatencyHistogram
    var seconds: Double

    var requests: Int { Int(histogram.totalCount) }
    var requestsPerSecond: Double { Double(histogram.totalCount) / seconds }

    /// In microseconds.
    func percentile(_ p: Double) -> Double {
        histogram.totalCount == 0 ? 0 : Double(histogram.valueAtPercentile(p)) / 1e3
    }

    var figures: LoadFigures {
        LoadFigures(
            requests: Double(requests), rps: requestsPerSecond, p50us: percentile(50), p99us: percentile(99),
            p999us: percentile(99.9))
    }
}

/// What one closed-loop run reports; medians of several runs are of this shape too.
struct LoadFigures {
    var requests: Double
    var rps: Double
    var p50us: Double
    var p99us: Double
    var p999us: Double

    /// Each figure's median over `runs` (taken separately).
    static func median(_ runs: [LoadFigures]) -> LoadFigures {
        LoadFigures(
            requests: navbench.median(runs.map(\.requests)), rps: navbench.median(runs.map(\.rps)),
            p50us: navbench.median(runs.map(\.p50us)), p99us: navbench.median(runs.map(\.p99us)),
            p999us: navbench.median(runs.map(\.p999us)))
    }

    var json: String {
        String(format: #"{"requests":%.0f,"rps":%.1f,"p50us":%.1f,"p99us":%.1f,"p999us":%.1f}"#, requests, rps, p50us, p99us, p999us)
    }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return 0 }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// Runs `connections` closed-loop clients, each on its own thread, for `duration` seconds.
func runClosedLoop(path: String, connections: Int, mix: LoadMix, duration: Double) throws -> LoadResult {
    try runClosedLoop(path: path, connections: connections, requests: mix.cycle, duration: duration)
}

/// Runs `connections` closed-loop clients sending `requests` in turn (each one line with an
/// id), each on its own thread, for `duration` seconds.
func runClosedLoop(path: String, connections: Int, requests: [[UInt8]], duration: Double) throws -> LoadResult {
    final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var histogram = makeLatencyHistogram()
        var failure: String?
    }
    let shared = Shared()
    var clients: [LineClient] = []
    for _ in 0..<connections { clients.append(try LineClient(path: path)) }
    let group = DispatchGroup()
    let start = Clock.nanoseconds()
    let warmUpEnd = start + UInt64(min(0.5, duration / 4) * 1e9)
    let end = warmUpEnd + UInt64(duration * 1e9)
    for client in clients {
        nonisolated(unsafe) let client = client
        group.enter()
        Thread.detachNewThread {
            var mine = makeLatencyHistogram()
            var n = 0
            do {
                while true {
                    let sent = Clock.nanoseconds()
                    if sent >= end { break }
                    try client.send(requests[n % requests.count])
                    try client.readLine()
                    if sent >= warmUpEnd { _ = mine.record(Clock.nanoseconds() - sent) }
                    n += 1
                }
            } catch {
                shared.lock.lock()
                shared.failure = "\(error)"
                shared.lock.unlock()
            }
            shared.lock.lock()
            shared.histogram.add(mine)
            shared.lock.unlock()
            group.leave()
        }
    }
    group.wait()
    if let failure = shared.failure { throw BenchError(failure) }
    return LoadResult(histogram: shared.histogram, seconds: duration)
}

/// `navbench rtt`: one connection, closed loop.
struct RTTBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rtt",
        abstract: "Measures round trips on one connection in a closed loop (route/close by default).")

    @OptionGroup var load: LoadOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "What to send: \(LoadMix.allCases.map(\.rawValue).joined(separator: ", ")).")
    var mix: LoadMix = .routeClose

    func run() throws {
        let runs = try (0..<max(load.repetitions, 1)).map { _ in
            try runClosedLoop(path: load.path, connections: 1, mix: mix, duration: load.duration).figures
        }
        printLoad("rtt", mix: mix, connections: 1, runs: runs, json: output.json)
    }
}

/// `navbench throughput --connections N`.
struct ThroughputBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "throughput",
        abstract: "Measures requests per second over N connections in closed loops.")

    @OptionGroup var load: LoadOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "Connections, each with one request in flight.")
    var connections = 16

    @Option(help: "What to send: \(LoadMix.allCases.map(\.rawValue).joined(separator: ", ")).")
    var mix: LoadMix = .routeClose

    func run() throws {
        let runs = try (0..<max(load.repetitions, 1)).map { _ in
            try runClosedLoop(path: load.path, connections: connections, mix: mix, duration: load.duration).figures
        }
        printLoad("throughput", mix: mix, connections: connections, runs: runs, json: output.json)
    }
}

/// One row per repetition and the median row.
func printLoad(_ scenario: String, mix: LoadMix, connections: Int, runs: [LoadFigures], json: Bool) {
    let middle = LoadFigures.median(runs)
    if json {
        print(#"{"scenario":"\#(scenario)","mix":"\#(mix.rawValue)","connections":\#(connections),"median":\#(middle.json),"#
            + #""runs":[\#(runs.map(\.json).joined(separator: ","))]}"#)
        return
    }
    print("scenario    mix          conns  run   requests     req/s    p50 µs    p99 µs  p99.9 µs")
    func row(_ label: String, _ f: LoadFigures) {
        print(padRight(scenario, 12) + padRight(mix.rawValue, 12)
            + String(format: "%6d ", connections) + padLeft(label, 4)
            + String(format: " %10.0f %9.0f %9.1f %9.1f %9.1f", f.requests, f.rps, f.p50us, f.p99us, f.p999us))
    }
    for (index, run) in runs.enumerated() { row("\(index + 1)", run) }
    row("med", middle)
}

func padRight(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
}

func padLeft(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}
