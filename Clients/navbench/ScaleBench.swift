import ArgumentParser
import Foundation
import Glibc

/// `navbench scale`: cost curves. Each doubling of N must cost at most about twice as much
/// (no request may cost more than linear time in what it touches): `dismissAll` of N nested
/// modals, a deep link of N segments against `/w/*rest`, `navd check` and startup for N
/// screens in three shapes, `nav.state` of a tree of N screens. While a navd request runs,
/// another client polls `nav.state`, and its p99 is reported: what the request costs the
/// others.
struct ScaleBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scale",
        abstract: "Measures how the cost of big requests and big definitions grows with their size.")

    @Option(help: "Nested modals of the dismissAll curve.", transform: DeepLinkBench.sizes)
    var modals: [Int] = [1_000, 2_000, 4_000, 8_000]

    @Option(help: "Path segments of the wildcard deep-link curve.", transform: DeepLinkBench.sizes)
    var segments: [Int] = [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000]

    @Option(help: "Screens of the check and startup curves.", transform: DeepLinkBench.sizes)
    var screens: [Int] = [1_000, 2_000, 4_000, 8_000, 16_000, 20_000]

    @Option(help: "Screens of the nav.state curve.", transform: DeepLinkBench.sizes)
    var treeScreens: [Int] = [1_000, 2_000, 4_000, 8_000, 16_000]

    @Option(help: "Timed runs per point; the median is reported.")
    var runs = 3

    @Option(help: "Seconds: a curve stops after a point that took longer (and such a point runs once).")
    var budget: Double = 20

    @OptionGroup var programs: ProgramOptions

    func run() throws {
        _ = try measureAll(printing: true)
    }

    /// Every curve, printing each as it is done (for `navbench all`).
    func measureAll(printing: Bool = false) throws -> [Curve] {
        let directory = try ServerProcess.makeTemporaryDirectory()
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        var curves: [Curve] = []
        func add(_ made: [Curve]) {
            if printing { made.forEach { $0.printTable() } }
            curves += made
        }
        add(try dismissAllCurves())
        let app = try ScaleApps.write(ScaleApps.navigation, named: "navigation.json", in: directory)
        add([try deepLinkCurve(app: app)])
        add([try stateCurve(app: app)])
        for shape in ScaleApps.Shape.allCases { add(try definitionCurves(shape, in: directory)) }
        return curves
    }

    // MARK: Curves

    /// `nav.apply` of N routes profile → profile (each a modal) on the sample app, then
    /// `nav.dismissAll`: the reproduction of issue 11's defect 2.
    private func dismissAllCurves() throws -> [Curve] {
        let navd = try ServerProcess.navd(binary: programs.navdPath)
        defer { navd.stop() }
        let client = try LineClient(path: navd.socketPath)
        var apply = Curve(name: "nav.apply of N modal routes", title: "nav.apply of N routes profile → profile (N nested modals, sample app)", unit: "modals")
        var dismiss = Curve(name: "dismissAll of N nested modals", title: "nav.dismissAll of N nested modals", unit: "modals")
        let route = #"{"method":"nav.route","params":{"to":"profile","params":{"userId":1}}}"#
        for n in modals {
            let request = #"{"jsonrpc":"2.0","id":1,"method":"nav.apply","params":{"ops":["#
                + Array(repeating: route, count: n).joined(separator: ",") + "]}}\n"
            var applyTimes: [Double] = [], applyPolls: [Double] = []
            var dismissTimes: [Double] = [], dismissPolls: [Double] = []
            for _ in 0..<runs {
                let applied = try timed(path: navd.socketPath) { try call(client, request) }
                applyTimes.append(applied.seconds)
                applyPolls.append(applied.pollP99ms)
                let dismissed = try timed(path: navd.socketPath) {
                    try call(client, #"{"jsonrpc":"2.0","id":2,"method":"nav.dismissAll"}"# + "\n")
                }
                dismissTimes.append(dismissed.seconds)
                dismissPolls.append(dismissed.pollP99ms)
                if max(applied.seconds, dismissed.seconds) > budget { break }
            }
            apply.add(n, seconds: median(applyTimes), pollP99ms: median(applyPolls))
            dismiss.add(n, seconds: median(dismissTimes), pollP99ms: median(dismissPolls))
            if median(dismissTimes) > budget || median(applyTimes) > budget {
                dismiss.stopped = "stopped after \(n) modals: over the \(Int(budget)) s budget"
                break
            }
        }
        return [apply, dismiss]
    }

    /// `nav.deeplink` of `/w/ab/ab/…` (N segments) against `/w/*rest`, then a close (not timed).
    private func deepLinkCurve(app: String) throws -> Curve {
        let navd = try ServerProcess.navd(binary: programs.navdPath, app: app)
        defer { navd.stop() }
        let client = try LineClient(path: navd.socketPath)
        var curve = Curve(name: "deeplink of N segments, /w/*rest", title: "nav.deeplink of N segments against /w/*rest", unit: "segments")
        for n in segments {
            let request = #"{"jsonrpc":"2.0","id":1,"method":"nav.deeplink","params":{"url":"/w"#
                + String(repeating: "/ab", count: n) + "\"}}\n"
            var times: [Double] = []
            var polls: [Double] = []
            for _ in 0..<runs {
                let (seconds, poll) = try timed(path: navd.socketPath) { try call(client, request) }
                times.append(seconds)
                polls.append(poll)
                try call(client, #"{"jsonrpc":"2.0","id":2,"method":"nav.close"}"# + "\n")
                if seconds > budget { break }
            }
            curve.add(n, seconds: median(times), pollP99ms: median(polls))
            if median(times) > budget { break }
        }
        return curve
    }

    /// `nav.state` of a tree of N screens: stacks of 500 pushed pages, each stack presented
    /// (`deck`) from the top of the one before.
    private func stateCurve(app: String) throws -> Curve {
        let navd = try ServerProcess.navd(binary: programs.navdPath, app: app)
        defer { navd.stop() }
        let client = try LineClient(path: navd.socketPath)
        var curve = Curve(name: "nav.state of N screens", title: "nav.state of a tree of N screens (stacks of 500, each presented from the last)", unit: "screens")
        var built = 1
        for n in treeScreens {
            var ops: [String] = []
            while built < n {
                let to = built % 500 == 0 ? "deck" : "page"
                ops.append(#"{"method":"nav.route","params":{"to":"\#(to)"}}"#)
                built += 1
            }
            if !ops.isEmpty {
                try call(client, #"{"jsonrpc":"2.0","id":1,"method":"nav.apply","params":{"ops":["# + ops.joined(separator: ",") + "]}}\n")
            }
            var times: [Double] = []
            var polls: [Double] = []
            for _ in 0..<runs {
                let (seconds, poll) = try timed(path: navd.socketPath) {
                    try call(client, #"{"jsonrpc":"2.0","id":2,"method":"nav.state"}"# + "\n")
                }
                times.append(seconds)
                polls.append(poll)
            }
            curve.add(n, seconds: median(times), pollP99ms: median(polls))
            if median(times) > budget { break }
        }
        return curve
    }

    /// `navd check FILE` and startup to accepting for N screens of one shape.
    private func definitionCurves(_ shape: ScaleApps.Shape, in directory: String) throws -> [Curve] {
        var check = Curve(name: "check, N \(shape.rawValue) screens", title: "navd check of N screens, \(shape.rawValue) paths", unit: "screens")
        var startup = Curve(name: "startup, N \(shape.rawValue) screens", title: "navd startup to accepting, N screens, \(shape.rawValue) paths", unit: "screens")
        var checking = true
        var starting = true
        for n in screens where checking || starting {
            let file = try ScaleApps.write(ScaleApps.screens(n, shape: shape), named: "\(shape.rawValue)-\(n).json", in: directory)
            defer { unlink(file) }
            if checking {
                let seconds = try repeated { try runCheck(file) }
                if seconds > budget { check.stopped = "stopped after \(n) screens: over the \(Int(budget)) s budget" }
                check.add(n, seconds: seconds, pollP99ms: nil)
                checking = seconds <= budget
            }
            if starting {
                do {
                    let seconds = try repeated { () throws -> Double in
                        let navd = try ServerProcess.navd(binary: programs.navdPath, app: file, timeout: budget * 3)
                        defer { navd.stop() }
                        return navd.secondsToAccepting
                    }
                    startup.add(n, seconds: seconds, pollP99ms: nil)
                    starting = seconds <= budget
                } catch {
                    startup.stopped = "stopped at \(n) screens: \(error)"
                    starting = false
                }
            }
        }
        return [check, startup]
    }

    // MARK: Measuring

    /// The median of `runs` runs of `body` (one run when it takes longer than the budget).
    private func repeated(_ body: () throws -> Double) throws -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            times.append(try body())
            if times.last! > budget { break }
        }
        return median(times)
    }

    /// Runs `body` while another connection polls `nav.state`: its time and the poller's p99.
    private func timed(path: String, _ body: () throws -> Void) throws -> (seconds: Double, pollP99ms: Double) {
        let poller = try StatePoller(path: path)
        usleep(2_000)
        let start = Clock.nanoseconds()
        try body()
        let seconds = Double(Clock.nanoseconds() - start) / 1e9
        return (seconds, try poller.stop())
    }

    /// Sends one request and reads its reply; a JSON-RPC error stops the scenario.
    private func call(_ client: LineClient, _ request: String) throws {
        try client.send(request)
        let reply = try client.readText()
        if reply.contains(#""error":"#) { throw BenchError("navd refused \(request.prefix(80))…: \(reply.prefix(300))") }
    }

    /// `navd check FILE`, in seconds; a refused definition stops the scenario.
    private func runCheck(_ file: String) throws -> Double {
        let log = file + ".check.log"
        defer { unlink(log) }
        let start = Clock.nanoseconds()
        let pid = try ServerProcess.spawn([programs.navdPath, "check", file], log: log)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let seconds = Double(Clock.nanoseconds() - start) / 1e9
        guard status == 0 else { throw BenchError("navd check \(file) failed (status \(status)):\n\(ServerProcess.read(log).prefix(2_000))") }
        return seconds
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? 0 : sorted[sorted.count / 2]
    }
}

/// One cost curve: N, the time, and how much each step cost over the one before.
struct Curve {
    struct Point {
        var n: Int
        var seconds: Double
        /// The other client's `nav.state` p99 while it ran; `nil` when no navd was serving.
        var pollP99ms: Double?
    }

    /// A short name for the targets table.
    var name: String
    var title: String
    var unit: String
    var points: [Point] = []
    /// Why the curve ends before the last N, if it does.
    var stopped: String?

    mutating func add(_ n: Int, seconds: Double, pollP99ms: Double?) {
        points.append(Point(n: n, seconds: seconds, pollP99ms: pollP99ms))
    }

    /// The largest growth of time per doubling of N: 2 is linear, 4 quadratic.
    var worstGrowthPerDoubling: Double {
        zip(points, points.dropFirst()).map { previous, point in
            let time = point.seconds / max(previous.seconds, 1e-9)
            return pow(time, 1 / log2(Double(point.n) / Double(previous.n)))
        }.max() ?? 0
    }

    func printTable() {
        print("\n== scale: \(title)")
        print(pad(unit, 10) + pad("ms", 12) + pad("×time", 9) + pad("×N", 7) + pad("per 2×N", 9) + pad("other client's nav.state p99 ms", 33))
        var previous: Point?
        for point in points {
            var row = pad(point.n, 10) + pad(String(format: "%.2f", point.seconds * 1e3), 12)
            if let previous {
                let time = point.seconds / max(previous.seconds, 1e-9)
                let n = Double(point.n) / Double(previous.n)
                row += pad(String(format: "%.2f", time), 9) + pad(String(format: "%.2f", n), 7)
                    + pad(String(format: "%.2f", pow(time, 1 / log2(n))), 9)
            } else {
                row += pad("—", 9) + pad("—", 7) + pad("—", 9)
            }
            row += pad(point.pollP99ms.map { String(format: "%.2f", $0) } ?? "—", 33)
            print(row)
            previous = point
        }
        if points.count > 1 {
            print(String(format: "worst growth per doubling of N: %.2f× (linear: 2×)", worstGrowthPerDoubling))
        }
        if let stopped { print(stopped) }
        fflush(nil)
    }

    private func pad(_ value: some CustomStringConvertible, _ width: Int) -> String {
        DeepLinkBench.pad(value, width)
    }
}
