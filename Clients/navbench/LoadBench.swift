import ArgumentParser
import Foundation
import NavProtocol

/// The requests a closed-loop client sends, one at a time.
enum LoadMix: String, ExpressibleByArgument, CaseIterable {
    /// `nav.route {to: post, params: {postId}}` then `nav.close`, alternating.
    case routeClose = "route-close"
    /// `nav.state`.
    case state
    /// `nav.selectTab` cycling through the tabs.
    case selectTab = "select-tab"

    func request(_ n: Int) -> [UInt8] {
        let body: String
        switch self {
        case .routeClose:
            body = n % 2 == 0
                ? #""method":"nav.route","params":{"to":"post","params":{"postId":\#(n)}}"#
                : #""method":"nav.close""#
        case .state:
            body = #""method":"nav.state""#
        case .selectTab:
            body = #""method":"nav.selectTab","params":{"tab":\#(n % 4)}"#
        }
        return Array(#"{"jsonrpc":"2.0","id":\#(n),\#(body)}"#.utf8) + [UInt8(ascii: "\n")]
    }
}

/// Options of the closed-loop scenarios.
struct LoadOptions: ParsableArguments {
    @Option(help: "navd's socket. Default: as navd resolves it ($NAVD_SOCKET, $XDG_RUNTIME_DIR, /tmp/navd-$UID).")
    var socket: String?

    @Option(help: "Seconds to measure (after a short warm-up).")
    var duration: Double = 3

    var path: String { SocketLocation.resolve(override: socket) }
}

/// Latencies of every request, and the wall time they took.
struct LoadResult {
    var latencies: [Double]
    var seconds: Double

    var requestsPerSecond: Double { Double(latencies.count) / seconds }

    func percentile(_ p: Double) -> Double {
        let sorted = latencies.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1)]
    }

    var row: [String: Double] {
        ["requests": Double(latencies.count), "rps": requestsPerSecond, "p50us": percentile(50) * 1e6,
         "p99us": percentile(99) * 1e6, "p999us": percentile(99.9) * 1e6]
    }
}

/// Runs `connections` closed-loop clients, each on its own thread, for `duration` seconds.
func runClosedLoop(path: String, connections: Int, mix: LoadMix, duration: Double) throws -> LoadResult {
    final class Shared: @unchecked Sendable {
        let lock = NSLock()
        var latencies: [Double] = []
        var failure: String?
    }
    let shared = Shared()
    var clients: [LineClient] = []
    for _ in 0..<connections { clients.append(try LineClient(path: path)) }
    let group = DispatchGroup()
    let start = Date().timeIntervalSinceReferenceDate
    let warmUp = min(0.5, duration / 4)
    for (index, client) in clients.enumerated() {
        nonisolated(unsafe) let client = client
        group.enter()
        Thread.detachNewThread {
            var mine: [Double] = []
            mine.reserveCapacity(1 << 16)
            var n = index * 1_000_000
            do {
                while true {
                    let sent = Date().timeIntervalSinceReferenceDate
                    if sent - start > warmUp + duration { break }
                    try client.send(mix.request(n))
                    try client.readLine()
                    if sent - start > warmUp { mine.append(Date().timeIntervalSinceReferenceDate - sent) }
                    n += 1
                }
            } catch {
                shared.lock.lock()
                shared.failure = "\(error)"
                shared.lock.unlock()
            }
            shared.lock.lock()
            shared.latencies.append(contentsOf: mine)
            shared.lock.unlock()
            group.leave()
        }
    }
    group.wait()
    if let failure = shared.failure { throw BenchError(failure) }
    return LoadResult(latencies: shared.latencies, seconds: duration)
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
        let result = try runClosedLoop(path: load.path, connections: 1, mix: mix, duration: load.duration)
        printLoad("rtt", mix: mix, connections: 1, result: result, json: output.json)
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
        let result = try runClosedLoop(path: load.path, connections: connections, mix: mix, duration: load.duration)
        printLoad("throughput", mix: mix, connections: connections, result: result, json: output.json)
    }
}

func printLoad(_ scenario: String, mix: LoadMix, connections: Int, result: LoadResult, json: Bool) {
    let row = result.row
    if json {
        let fields = ["\"scenario\":\"\(scenario)\"", "\"mix\":\"\(mix.rawValue)\"", "\"connections\":\(connections)"]
            + row.keys.sorted().map { "\"\($0)\":\(String(format: "%.1f", row[$0]!))" }
        print("{" + fields.joined(separator: ",") + "}")
    } else {
        print("scenario    mix          conns   requests     req/s    p50 µs    p99 µs  p99.9 µs")
        func pad(_ text: String, _ width: Int) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
        print(pad(scenario, 12) + pad(mix.rawValue, 12) + String(format: "%6d %10.0f %9.0f %9.1f %9.1f %9.1f",
                     connections, row["requests"]!, row["rps"]!, row["p50us"]!, row["p99us"]!, row["p999us"]!))
    }
}
