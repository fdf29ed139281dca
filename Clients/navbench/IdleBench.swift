import ArgumentParser
import Foundation
import Glibc

/// `navbench idle`: what navd costs when nothing happens. Startup time (spawn, then connect in a
/// tight loop until accepted; and until the first answer), resident memory idle, and what
/// 1,000 idle connections (each said `daemon.hello` once) add. The same for the C baseline.
struct IdleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "idle",
        abstract: "Measures navd's startup time, idle memory and the memory of idle connections (and the baseline's).")

    @Option(help: "Idle connections opened for the second reading.")
    var connections = 1_000

    @Option(help: "Starts timed; the median is reported.")
    var starts = 5

    @OptionGroup var programs: ProgramOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard connections >= 0, starts > 0 else { throw ValidationError("--starts must be positive.") }
    }

    func run() throws {
        let results = [
            try measureIdle(.navd, programs: programs, connections: connections, starts: starts),
            try measureIdle(.baseline, programs: programs, connections: connections, starts: starts),
        ]
        if output.json {
            print("[" + results.map(\.json).joined(separator: ",") + "]")
        } else {
            IdleResult.printTable(results)
        }
    }
}

enum ServerKind: String {
    case navd, baseline
}

struct IdleResult {
    var server: ServerKind
    var startupMs: [Double]
    var firstAnswerMs: [Double]
    var idleBytes: Int
    var connections: Int
    var connectedBytes: Int

    var medianStartupMs: Double { median(startupMs) }
    var medianFirstAnswerMs: Double { median(firstAnswerMs) }
    var addedBytes: Int { connectedBytes - idleBytes }

    var json: String {
        #"{"server":"\#(server.rawValue)","#
            + String(
                format: #""startupMs":%.2f,"firstAnswerMs":%.2f,"idleRSS":%d,"connections":%d,"connectedRSS":%d,"addedRSS":%d,"#,
                medianStartupMs, medianFirstAnswerMs, idleBytes, connections, connectedBytes, addedBytes)
            + #""startupRunsMs":[\#(startupMs.map { String(format: "%.2f", $0) }.joined(separator: ","))]}"#
    }

    static func printTable(_ results: [IdleResult]) {
        print("server     starts  to accepting ms  to first answer ms  idle RSS MiB  conns  RSS with conns MiB  added MiB")
        for r in results {
            print(padRight(r.server.rawValue, 10)
                + String(format: "%7d %16.1f %19.1f %13.2f %6d %19.2f %10.2f", r.startupMs.count, r.medianStartupMs,
                         r.medianFirstAnswerMs, mebibytes(r.idleBytes), r.connections, mebibytes(r.connectedBytes),
                         mebibytes(r.addedBytes)))
        }
    }
}

func mebibytes(_ bytes: Int) -> Double { Double(bytes) / 1_048_576 }

/// Starts the server `starts` times (timing each start), keeps the last one for the memory readings.
func measureIdle(_ kind: ServerKind, programs: ProgramOptions, connections: Int, starts: Int) throws -> IdleResult {
    raiseDescriptorLimit(to: connections + 64)
    let hello = Array(#"{"jsonrpc":"2.0","id":1,"method":"daemon.hello","params":{"name":"idle"}}"#.utf8) + [0x0A]
    var startup: [Double] = []
    var firstAnswer: [Double] = []
    var server: ServerProcess?
    for index in 0..<starts {
        let spawned = Clock.nanoseconds()
        let process = kind == .navd
            ? try ServerProcess.navd(binary: programs.navdPath) : try ServerProcess.baseline(binary: programs.baselinePath)
        startup.append(process.secondsToAccepting * 1e3)
        do {
            let probe = try LineClient(path: process.socketPath)
            try probe.send(hello)
            try probe.readLine()
        }
        firstAnswer.append(Double(Clock.nanoseconds() - spawned) / 1e6)
        if index == starts - 1 { server = process } else { process.stop() }
    }
    guard let server else { throw BenchError("no server started") }
    defer { server.stop() }
    usleep(300_000)
    let idle = try server.residentBytes()
    var clients: [LineClient] = []
    clients.reserveCapacity(connections)
    for _ in 0..<connections {
        let client = try LineClient(path: server.socketPath)
        try client.send(hello)
        try client.readLine()
        clients.append(client)
    }
    usleep(300_000)
    let connected = try server.residentBytes()
    withExtendedLifetime(clients) {}
    return IdleResult(
        server: kind, startupMs: startup, firstAnswerMs: firstAnswer, idleBytes: idle, connections: connections,
        connectedBytes: connected)
}

/// Raises this process's open-file limit (inherited by the servers it starts) when it is low.
func raiseDescriptorLimit(to wanted: Int) {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(wanted) else { return }
    limit.rlim_cur = min(limit.rlim_max, rlim_t(wanted))
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
