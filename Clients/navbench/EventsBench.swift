import ArgumentParser
import Foundation
import Glibc
import NavJSON

/// `navbench events`: what routing events cost (Protocol/semantics.md 70–79, 85–87), against a navd
/// it starts on a small app with two events (`open {id}` → route to `item`, `back` → close).
///
/// 1. Handled by the definition: `event.emit open/back` against the same steps sent as
///    `nav.apply`, one connection in a closed loop; the ratio of their rates (target ≥ 0.8).
/// 2. Handled by a listener in another thread (its own connection, answering at once): the
///    emit's round trip against `nav.apply`'s; the added time (target ≤ 2 × navd's rtt).
/// 3. 16 emitters against one listener that takes 2 ms to answer, while two other clients
///    ask `nav.state`: their p99 against the same pollers on an idle navd (the loop never
///    waits for a listener).
/// 4. 20 listeners that never answer, on a navd started with `--listener-timeout 100`: an
///    emit's latency, which should be about one timeout however many are silent
///    (`SilentListenersReading`).
struct EventsBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "events",
        abstract: "Measures event.emit handled by the definition and by a listener, and others' latency while emitters wait.")

    @Option(help: "Seconds to measure per repetition (after a short warm-up).")
    var duration: Double = 2

    @Option(help: "Repetitions; the median of each figure is reported.")
    var repetitions = 5

    @Option(help: "Emitters in the third reading.")
    var emitters = 16

    @Option(help: "How long the listener of the third reading takes to answer, in milliseconds.")
    var listenerDelay = 2.0

    @Option(help: "Silent listeners in the fourth reading (0 leaves it out).")
    var silentListeners = 20

    @Option(help: "navd's --listener-timeout in the fourth reading, in milliseconds.")
    var silentTimeout = 100

    @OptionGroup var programs: ProgramOptions
    @OptionGroup var output: OutputOptions

    static let app = #"""
        {"app": "bench", "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}},
         "screens": {"home": {"path": "/", "routes": ["item"]},
                     "item": {"path": "/items/:id", "params": {"id": {"type": "int"}}, "routes": ["item"]}},
         "events": {"open": {"params": {"id": {"type": "int"}},
                             "steps": [{"method": "nav.route", "params": {"to": "item", "params": {"id": "$id"}}}]},
                    "back": {"steps": [{"method": "nav.close"}]}}}
        """#

    /// Short alternating runs per repetition.
    static let slices = 6

    static let openSteps = #"[{"method":"nav.route","params":{"to":"item","params":{"id":1}}}]"#
    static let backSteps = #"[{"method":"nav.close"}]"#

    static func lines(_ texts: [String]) -> [[UInt8]] {
        texts.enumerated().map { Array(#"{"jsonrpc":"2.0","id":\#($0.offset + 1),"#.utf8) + Array($0.element.utf8) + [0x0A] }
    }

    static let applyRequests = lines([
        #""method":"nav.apply","params":{"ops":\#(openSteps)}}"#, #""method":"nav.apply","params":{"ops":\#(backSteps)}}"#,
    ])
    static let emitRequests = lines([
        #""method":"event.emit","params":{"name":"open","payload":{"id":1}}}"#, #""method":"event.emit","params":{"name":"back"}}"#,
    ])

    func run() throws {
        let directory = try ServerProcess.makeTemporaryDirectory()
        let appPath = directory + "/events-bench.json"
        try Self.app.write(toFile: appPath, atomically: true, encoding: .utf8)
        defer { unlink(appPath); rmdir(directory) }
        // The fourth reading first, on a navd of its own: the first navd is not left waiting.
        let silent = silentListeners > 0
            ? try SilentListenersReading(listeners: silentListeners, timeoutMs: silentTimeout)
                .measure(navdPath: programs.navdPath, app: appPath, emits: max(repetitions, 3))
            : nil
        let navd = try ServerProcess.navd(binary: programs.navdPath, app: appPath)
        defer { navd.stop() }
        let path = navd.socketPath

        var rows: [EventsFigures] = []
        for _ in 0..<max(repetitions, 1) {
            var figures = EventsFigures()
            // The machine's noise moves both alike when they alternate in short slices: the
            // ratio is the median of the slices' ratios.
            var pairs: [(apply: LoadResult, emit: LoadResult)] = []
            for _ in 0..<Self.slices {
                let slice = duration / Double(Self.slices)
                pairs.append((
                    try runClosedLoop(path: path, connections: 1, requests: Self.applyRequests, duration: slice),
                    try runClosedLoop(path: path, connections: 1, requests: Self.emitRequests, duration: slice)))
            }
            figures.applyRPS = navbench.median(pairs.map(\.apply.requestsPerSecond))
            figures.definitionRPS = navbench.median(pairs.map(\.emit.requestsPerSecond))
            figures.sliceRatio = navbench.median(pairs.map { $0.emit.requestsPerSecond / $0.apply.requestsPerSecond })
            figures.applyP50us = navbench.median(pairs.map(\.apply.figures.p50us))
            figures.definitionP50us = navbench.median(pairs.map(\.emit.figures.p50us))
            do {
                let listener = try BenchListener(path: path, delayMs: 0)
                defer { listener.stop() }
                var added: [Double] = []
                var listened: [Double] = []
                for _ in 0..<Self.slices {
                    let slice = duration / Double(Self.slices)
                    let apply = try runClosedLoop(path: path, connections: 1, requests: Self.applyRequests, duration: slice).figures.p50us
                    let emit = try runClosedLoop(path: path, connections: 1, requests: Self.emitRequests, duration: slice).figures.p50us
                    listened.append(emit)
                    added.append((emit - apply) / apply)
                }
                figures.listenerP50us = navbench.median(listened)
                figures.sliceAddedOverRTT = navbench.median(added)
            }
            let idle = try pollStates(path: path, seconds: duration)
            do {
                let listener = try BenchListener(path: path, delayMs: listenerDelay)
                defer { listener.stop() }
                final class Box: @unchecked Sendable { var result: LoadResult?; var error: (any Error)? }
                let box = Box()
                let done = DispatchGroup()
                done.enter()
                let (emitters, duration) = (self.emitters, self.duration)
                Thread.detachNewThread {
                    do {
                        box.result = try runClosedLoop(path: path, connections: emitters, requests: Self.emitRequests, duration: duration)
                    } catch {
                        box.error = error
                    }
                    done.leave()
                }
                usleep(200_000)
                let busy = try pollStates(path: path, seconds: duration * 0.75)
                done.wait()
                if let error = box.error { throw error }
                figures.idleStateP99ms = idle
                figures.busyStateP99ms = busy
                figures.emitsPerSecondWaiting = box.result?.requestsPerSecond ?? 0
            }
            rows.append(figures)
        }
        EventsFigures.print(rows, json: output.json, emitters: emitters, delayMs: listenerDelay)
        if let silent { printSilent(silent, json: output.json) }
    }

    private func printSilent(_ figures: SilentListenersReading.Figures, json: Bool) {
        if json {
            let runs = figures.latenciesMs.map { String(format: "%.1f", $0) }.joined(separator: ",")
            Swift.print(String(
                format: #"{"scenario":"silentListeners","listeners":%d,"listenerTimeoutMs":%d,"emitP50ms":%.1f,"emitMaxMs":%.1f,"#,
                silentListeners, silentTimeout, figures.medianMs, figures.maxMs) + #""runsMs":[\#(runs)]}"#)
            return
        }
        Swift.print(String(
            format: "%d silent listeners, --listener-timeout %d ms: emit p50 %.1f ms (%.2f × the timeout), max %.1f ms over %d emits",
            silentListeners, silentTimeout, figures.medianMs, figures.medianMs / Double(silentTimeout), figures.maxMs,
            figures.latenciesMs.count))
    }

    /// Two `nav.state` pollers for `seconds`: their p99 in milliseconds.
    private func pollStates(path: String, seconds: Double) throws -> Double {
        let pollers = [try StatePoller(path: path), try StatePoller(path: path)]
        usleep(useconds_t(seconds * 1e6))
        return try pollers.map { try $0.stop() }.max() ?? 0
    }
}

/// A listener of `open` and `back` on its own connection and thread: answers every
/// `event.handle` with the event's steps, after `delayMs`.
final class BenchListener: @unchecked Sendable {
    private let client: LineClient
    private let done = DispatchGroup()

    init(path: String, delayMs: Double) throws {
        client = try LineClient(path: path)
        try client.send(#"{"jsonrpc":"2.0","id":1,"method":"events.listen","params":{"events":["open","back"]}}"# + "\n")
        let answer = try client.readText()
        guard answer.contains(#""result""#) else { throw BenchError("events.listen failed: \(answer)") }
        nonisolated(unsafe) let connection = client
        done.enter()
        Thread.detachNewThread { [done] in
            defer { done.leave() }
            while let line = try? connection.readText() {
                guard let request = try? JSONParser.parse(line), let id = request["id"]?.stringValue else { continue }
                if delayMs > 0 { usleep(useconds_t(delayMs * 1000)) }
                let steps = request["params"]?["event"] == "open" ? EventsBench.openSteps : EventsBench.backSteps
                do {
                    try connection.send(#"{"jsonrpc":"2.0","id":"\#(id)","result":{"steps":\#(steps)}}"# + "\n")
                } catch {
                    return
                }
            }
        }
    }

    func stop() {
        shutdown(client.fd, Int32(SHUT_RDWR))
        done.wait()
    }
}

struct EventsFigures {
    var applyRPS = 0.0
    var definitionRPS = 0.0
    var applyP50us = 0.0
    var definitionP50us = 0.0
    var listenerP50us = 0.0
    var idleStateP99ms = 0.0
    var busyStateP99ms = 0.0
    var emitsPerSecondWaiting = 0.0
    /// emit rate / apply rate, the median over alternating slices.
    var sliceRatio = 0.0
    /// What the listener adds to a round trip, as a multiple of navd's own (nav.apply's p50),
    /// the median over alternating slices.
    var sliceAddedOverRTT = 0.0

    var ratio: Double { sliceRatio }
    var addedOverRTT: Double { sliceAddedOverRTT }

    static func median(_ rows: [EventsFigures]) -> EventsFigures {
        func m(_ key: KeyPath<EventsFigures, Double>) -> Double { navbench.median(rows.map { $0[keyPath: key] }) }
        return EventsFigures(
            applyRPS: m(\.applyRPS), definitionRPS: m(\.definitionRPS), applyP50us: m(\.applyP50us),
            definitionP50us: m(\.definitionP50us), listenerP50us: m(\.listenerP50us), idleStateP99ms: m(\.idleStateP99ms),
            busyStateP99ms: m(\.busyStateP99ms), emitsPerSecondWaiting: m(\.emitsPerSecondWaiting), sliceRatio: m(\.sliceRatio),
            sliceAddedOverRTT: m(\.sliceAddedOverRTT))
    }

    var json: String {
        String(
            format: #"{"applyRPS":%.0f,"definitionRPS":%.0f,"ratio":%.3f,"applyP50us":%.1f,"definitionP50us":%.1f,"listenerP50us":%.1f,"addedOverRTT":%.2f,"idleStateP99ms":%.3f,"busyStateP99ms":%.3f,"emitsPerSecondWaiting":%.0f}"#,
            applyRPS, definitionRPS, ratio, applyP50us, definitionP50us, listenerP50us, addedOverRTT, idleStateP99ms,
            busyStateP99ms, emitsPerSecondWaiting)
    }

    static func print(_ rows: [EventsFigures], json: Bool, emitters: Int, delayMs: Double) {
        let middle = median(rows)
        if json {
            Swift.print(#"{"scenario":"events","median":\#(middle.json),"runs":[\#(rows.map(\.json).joined(separator: ","))]}"#)
            return
        }
        Swift.print("run   apply req/s  emit req/s  ratio  apply p50 µs  listener p50 µs  added/rtt  state p99 ms idle  with \(emitters) emitters waiting \(delayMs) ms  emits/s")
        func row(_ label: String, _ f: EventsFigures) {
            Swift.print(padRight(label, 4) + String(
                format: "%13.0f %11.0f %6.2f %13.1f %16.1f %10.2f %18.3f %33.3f %8.0f", f.applyRPS, f.definitionRPS, f.ratio,
                f.applyP50us, f.listenerP50us, f.addedOverRTT, f.idleStateP99ms, f.busyStateP99ms, f.emitsPerSecondWaiting))
        }
        for (index, figures) in rows.enumerated() { row("\(index + 1)", figures) }
        row("med", middle)
    }
}
