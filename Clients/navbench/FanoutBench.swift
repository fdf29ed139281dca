import ArgumentParser
import Foundation
import Glibc
import Histogram

/// `navbench fanout --subscribers M --rate R`: one writer changes the state R times a second
/// (paced, open loop: it never waits for a reply before the next request), M subscribers on
/// their own connections receive every revision. Reports the delay from each request's send to
/// each subscriber receiving that revision, and proves that every subscriber converged on the
/// last revision — exit status 1 if one did not.
struct FanoutBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fanout",
        abstract: "Measures how fast one writer's revisions reach M subscribers, and that all of them converge.")

    @Option(help: "Subscribed connections.")
    var subscribers = 256

    @Option(help: "Changes per second the writer sends (route and close, alternating).")
    var rate = 1_000

    @Option(help: "Seconds the writer sends for.")
    var duration: Double = 5

    @Option(help: "Repetitions (each on the same navd); the median of each figure is reported.")
    var repetitions = 1

    @Flag(inversion: .prefixedNo, help: "Subscribe with the tree in every notification (nav.subscribe's default).")
    var tree = true

    @Option(help: "A running navd's socket. Default: navbench starts navd itself.")
    var socket: String?

    @OptionGroup var programs: ProgramOptions
    @OptionGroup var output: OutputOptions

    func validate() throws {
        guard subscribers > 0, rate > 0, duration > 0, repetitions > 0 else {
            throw ValidationError("--subscribers, --rate, --duration and --repetitions must be positive.")
        }
    }

    func run() throws {
        let server = socket == nil ? try ServerProcess.navd(binary: programs.navdPath) : nil
        defer { server?.stop() }
        let path = socket ?? server!.socketPath
        var runs: [FanoutResult] = []
        for _ in 0..<repetitions {
            runs.append(try runFanout(path: path, subscribers: subscribers, rate: rate, duration: duration, tree: tree))
        }
        let result = FanoutResult.median(runs)
        if output.json {
            print(#"{"scenario":"fanout","subscribers":\#(subscribers),"rate":\#(rate),"duration":\#(duration),"tree":\#(tree),"#
                + #""median":\#(result.json),"runs":[\#(runs.map(\.json).joined(separator: ","))]}"#)
        } else {
            FanoutResult.printTable(runs, subscribers: subscribers, rate: rate)
        }
        guard runs.allSatisfy(\.allConverged) else { throw ExitCode(1) }
    }
}

struct FanoutResult {
    var sent: Int
    var lastRevision: Int
    var converged: Int
    var subscribers: Int
    var p50ms: Double
    var p99ms: Double
    var maxms: Double
    /// Notifications that carried more than one revision (a subscriber was behind).
    var coalesced: Int
    var notifications: Int
    var meanNotificationBytes: Double
    var problems: [String]

    var allConverged: Bool { converged == subscribers && problems.isEmpty }

    static func median(_ runs: [FanoutResult]) -> FanoutResult {
        var result = runs[runs.count / 2]
        result.p50ms = navbench.median(runs.map(\.p50ms))
        result.p99ms = navbench.median(runs.map(\.p99ms))
        result.maxms = navbench.median(runs.map(\.maxms))
        result.converged = runs.map(\.converged).min() ?? 0
        result.problems = runs.flatMap(\.problems)
        return result
    }

    var json: String {
        let problemList = problems.prefix(10).map { "\"" + $0.replacingOccurrences(of: "\"", with: "'") + "\"" }
        return String(
            format: #"{"sent":%d,"lastRevision":%d,"converged":%d,"subscribers":%d,"p50ms":%.3f,"p99ms":%.3f,"maxms":%.3f,"#
                + #""coalesced":%d,"notifications":%d,"meanNotificationBytes":%.0f,"#,
            sent, lastRevision, converged, subscribers, p50ms, p99ms, maxms, coalesced, notifications, meanNotificationBytes)
            + #""allConverged":\#(allConverged),"problems":[\#(problemList.joined(separator: ","))]}"#
    }

    static func printTable(_ runs: [FanoutResult], subscribers: Int, rate: Int) {
        print("scenario  subs  rate/s  run   sent  last rev  converged    p50 ms    p99 ms    max ms  coalesced  bytes/notif")
        func row(_ label: String, _ r: FanoutResult) {
            print(padRight("fanout", 8) + String(format: "%6d %7d ", subscribers, rate) + padLeft(label, 4)
                + String(format: " %6d %9d ", r.sent, r.lastRevision) + padLeft("\(r.converged)/\(r.subscribers)", 10)
                + String(format: " %9.3f %9.3f %9.3f %10d %12.0f", r.p50ms, r.p99ms, r.maxms, r.coalesced, r.meanNotificationBytes))
        }
        for (index, run) in runs.enumerated() { row("\(index + 1)", run) }
        if runs.count > 1 { row("med", median(runs)) }
        for run in runs {
            print(run.allConverged
                ? "every subscriber converged on revision \(run.lastRevision)"
                : "NOT CONVERGED: \(run.converged) of \(run.subscribers) subscribers reached revision \(run.lastRevision)")
            for problem in run.problems.prefix(10) { print("  " + problem) }
        }
    }
}

/// One fan-out run against the navd at `path`.
func runFanout(path: String, subscribers count: Int, rate: Int, duration: Double, tree: Bool) throws -> FanoutResult {
    // Subscribe everyone first; they all start from the same revision.
    var subscribers: [LineClient] = []
    var base = 0
    for _ in 0..<count {
        let client = try LineClient(path: path)
        try client.send(#"{"jsonrpc":"2.0","id":1,"method":"nav.subscribe","params":{"tree":\#(tree),"events":true}}"# + "\n")
        let reply = try client.readText()
        guard let revision = integer(after: #""revision":"#, in: reply) else { throw BenchError("nav.subscribe answered \(reply)") }
        base = max(base, revision)
        subscribers.append(client)
    }
    let writer = try LineClient(path: path)
    try writer.send(#"{"jsonrpc":"2.0","id":0,"method":"nav.state"}"# + "\n")
    guard let start = integer(after: #""revision":"#, in: try writer.readText()), start == base else {
        throw BenchError("the state changed while subscribers subscribed: another client is writing")
    }

    let total = max(1, Int(Double(rate) * duration))
    let sendTimes = UnsafeMutablePointer<UInt64>.allocate(capacity: total)
    sendTimes.initialize(repeating: 0, count: total)
    defer { sendTimes.deallocate() }
    let reader = FanoutReader(
        subscribers: subscribers.map(\.fd), writer: writer.fd, base: base, total: total, sendTimes: sendTimes)

    nonisolated(unsafe) let unsafeReader = reader
    let done = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        unsafeReader.run(deadlineSeconds: duration + 10)
        done.signal()
    }

    // The writer: request k is sent at start + k/rate; its revision is base + k + 1.
    let interval = 1e9 / Double(rate)
    let first = Clock.nanoseconds() + 10_000_000
    var failure: String?
    for k in 0..<total {
        Clock.sleep(until: first + UInt64(Double(k) * interval))
        let request = k % 2 == 0
            ? #"{"jsonrpc":"2.0","id":\#(k),"method":"nav.route","params":{"to":"post","params":{"postId":\#(k)}}}"# + "\n"
            : #"{"jsonrpc":"2.0","id":\#(k),"method":"nav.close"}"# + "\n"
        let bytes = Array(request.utf8)
        sendTimes[k] = Clock.nanoseconds()
        do { try writer.send(bytes) } catch { failure = "\(error)"; break }
    }
    done.wait()
    withExtendedLifetime(subscribers) {}
    withExtendedLifetime(writer) {}
    var result = reader.result
    if let failure { result.problems.insert("writer: " + failure, at: 0) }
    return result
}

/// Reads every subscriber (and the writer's replies) in one poll() loop.
private final class FanoutReader {
    let fds: [Int32]
    let writerIndex: Int
    let base: Int
    let total: Int
    let sendTimes: UnsafeMutablePointer<UInt64>
    private var lastSeen: [Int]
    private var carry: [[UInt8]]
    private var histogram = makeLatencyHistogram()
    private var problems: [String] = []
    private var coalesced = 0
    private var notifications = 0
    private var notificationBytes = 0
    private var replies = 0

    init(subscribers: [Int32], writer: Int32, base: Int, total: Int, sendTimes: UnsafeMutablePointer<UInt64>) {
        fds = subscribers + [writer]
        writerIndex = subscribers.count
        self.base = base
        self.total = total
        self.sendTimes = sendTimes
        lastSeen = Array(repeating: base, count: subscribers.count)
        carry = Array(repeating: [], count: fds.count)
    }

    var result: FanoutResult {
        let last = base + total
        return FanoutResult(
            sent: total, lastRevision: last, converged: lastSeen.filter { $0 == last }.count, subscribers: lastSeen.count,
            p50ms: Double(histogram.valueAtPercentile(50)) / 1e6, p99ms: Double(histogram.valueAtPercentile(99)) / 1e6,
            maxms: Double(histogram.max) / 1e6, coalesced: coalesced, notifications: notifications,
            meanNotificationBytes: notifications == 0 ? 0 : Double(notificationBytes) / Double(notifications),
            problems: problems)
    }

    /// Until every subscriber has the last revision and the writer has every reply, or the deadline.
    func run(deadlineSeconds: Double) {
        let last = base + total
        let deadline = Clock.nanoseconds() + UInt64(deadlineSeconds * 1e9)
        var polled = fds.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 18, alignment: 16)
        defer { buffer.deallocate() }
        var waitingFor = lastSeen.count
        while waitingFor > 0 || replies < total {
            if Clock.nanoseconds() > deadline {
                problems.append("gave up after \(deadlineSeconds) s: \(waitingFor) subscribers behind, \(replies) of \(total) replies")
                return
            }
            let ready = poll(&polled, nfds_t(polled.count), 100)
            if ready <= 0 { continue }
            for index in polled.indices where polled[index].revents != 0 {
                let n = recv(fds[index], buffer.baseAddress!, buffer.count, Int32(MSG_DONTWAIT))
                if n <= 0 {
                    if n == 0 || (errno != EAGAIN && errno != EINTR) {
                        problems.append("connection \(index) closed: \(n == 0 ? "end of file" : String(cString: strerror(errno)))")
                        polled[index].fd = -1
                        if index != writerIndex && lastSeen[index] != last { waitingFor -= 1 }
                        if index == writerIndex { replies = total }
                    }
                    continue
                }
                let now = Clock.nanoseconds()
                let wasBehind = index == writerIndex ? false : lastSeen[index] != last
                lines(in: UnsafeRawBufferPointer(start: buffer.baseAddress, count: n), of: index) { line in
                    if index == writerIndex { reply(line) } else { notification(line, subscriber: index, at: now) }
                }
                if wasBehind && lastSeen[index] == last { waitingFor -= 1 }
            }
        }
    }

    /// Calls `body` with each complete line, keeping an unfinished tail for the next read.
    private func lines(in bytes: UnsafeRawBufferPointer, of index: Int, _ body: (UnsafeRawBufferPointer) -> Void) {
        if !carry[index].isEmpty {
            carry[index] += bytes
            var consumed = 0
            carry[index].withUnsafeBytes { all in
                consumed = split(all, body)
            }
            carry[index].removeFirst(consumed)
        } else {
            let consumed = split(bytes, body)
            if consumed < bytes.count { carry[index] = Array(bytes[consumed...]) }
        }
    }

    /// Lines of `bytes`; returns how many bytes the complete lines took.
    private func split(_ bytes: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Void) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var start = 0
        while start < bytes.count, let found = memchr(base + start, 0x0A, bytes.count - start) {
            let end = base.distance(to: UnsafeRawPointer(found))
            body(UnsafeRawBufferPointer(start: base + start, count: end - start))
            start = end + 1
        }
        return start
    }

    private func reply(_ line: UnsafeRawBufferPointer) {
        let k = replies
        replies += 1
        if offset(of: #""error""#, in: line) != nil {
            problems.append("request \(k) failed: \(String(decoding: line, as: UTF8.self).prefix(300))")
            return
        }
        if let revision = integer(after: #""revision":"#, in: line), revision != base + k + 1 {
            problems.append("request \(k) made revision \(revision), expected \(base + k + 1)")
        }
    }

    private func notification(_ line: UnsafeRawBufferPointer, subscriber: Int, at now: UInt64) {
        guard offset(of: #""nav.changed""#, in: line) != nil,
              let revision = integer(after: #""revision":"#, in: line),
              let baseRevision = integer(after: #""baseRevision":"#, in: line)
        else {
            problems.append("subscriber \(subscriber) got \(String(decoding: line, as: UTF8.self).prefix(200))")
            return
        }
        notifications += 1
        notificationBytes += line.count + 1
        guard baseRevision == lastSeen[subscriber], revision > baseRevision else {
            problems.append("subscriber \(subscriber): revision \(revision) on base \(baseRevision) after \(lastSeen[subscriber])")
            return
        }
        if revision > baseRevision + 1 { coalesced += 1 }
        for r in (baseRevision + 1)...revision {
            let k = r - base - 1
            guard k >= 0, k < total, sendTimes[k] != 0 else { continue }
            _ = histogram.record(now > sendTimes[k] ? now - sendTimes[k] : 0)
        }
        lastSeen[subscriber] = revision
    }
}
