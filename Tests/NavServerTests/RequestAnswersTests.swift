import Foundation
import Testing
@testable import NavServer
import NavProtocol
import NavigationCore

/// Every line of `RequestCorpus` (tens of thousands: the transcripts' requests, the built forms
/// and their mutations) sent to a server with a subscriber, with batches, split reads and
/// several lines per read among them: the bytes sent and the connections closed must be the
/// ones recorded in `Tests/golden/request-answers-*.txt`. The file holds a digest of each group
/// of sends, so that a change anywhere in the answers (an error's wording, which error wins,
/// a notification) shows which lines it concerns.
///
/// `NAVD_RECORD_ANSWERS=1 swift test --filter RequestAnswersTests` rewrites the file.
@Suite struct RequestAnswersTests {
    static let groupSize = 16
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("golden")

    /// The default limits on every line; tight ones (depth 3, batches of one) on every seventh.
    @Test(arguments: ["default", "tight"])
    func everyLineIsAnsweredAsRecorded(limits: String) throws {
        let all = RequestCorpus.allLines()
        #expect(all.count > 50_000)
        var configuration = ServerConfiguration()
        var lines = all
        if limits == "tight" {
            configuration.maxDepth = 3
            configuration.maxBatch = 1
            lines = all.enumerated().filter { $0.offset % 7 == 0 }.map(\.element)
        }
        let golden = Self.goldenDirectory.appendingPathComponent("request-answers-\(limits).txt")
        let session = Session(configuration: configuration)
        var digests: [String] = []
        var group: [String] = []
        var sent: [String] = []
        func flush() {
            digests.append(Self.digest(group.joined(separator: "\n")))
            group.removeAll()
        }
        for (number, line) in lines.enumerated() {
            group += session.send(line + [0x0A])
            sent.append(String(decoding: line, as: UTF8.self))
            // Now and then a batch, a request split over reads, several lines in one read.
            if number % 97 == 0 { group += session.send(Array(#"{"jsonrpc":"2.0","id":1,"method":"nav.close"}"#.utf8) + [0x0A] + line + [0x0A]) }
            if number % 89 == 0, line.count > 4 {
                group += session.send(Array(line[..<3]))
                group += session.send(Array(line[3...]) + [0x0A])
            }
            if number % 83 == 0 { group += session.send(Array("[".utf8) + line + Array(",".utf8) + line + Array("]\n".utf8)) }
            // Keep the stack short enough for routes to keep succeeding.
            if number % 50 == 0 { group += session.send(Array(#"{"jsonrpc":"2.0","id":9,"method":"nav.popToRoot"}"#.utf8) + [0x0A]) }
            if (number + 1) % Self.groupSize == 0 { flush() }
        }
        group += session.shutdown()
        for line in lines.prefix(500) { group += session.send(line + [0x0A]) }
        flush()
        #expect(session.server.navigator.revision > (limits == "tight" ? 50 : 500))

        if ProcessInfo.processInfo.environment["NAVD_RECORD_ANSWERS"] == "1" {
            try (digests.joined(separator: "\n") + "\n").write(to: golden, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: golden, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(recorded.count == digests.count)
        for (index, (got, want)) in zip(digests, recorded).enumerated() where got != want {
            let first = index * Self.groupSize
            let text = sent[first..<min(first + Self.groupSize, sent.count)].joined(separator: "\n")
            Issue.record("answers differ from the recorded ones in group \(index), lines \(first)…:\n\(text)")
            break
        }
    }

    /// FNV-1a, 64 bits: stable across runs and platforms, unlike `Hasher`.
    static func digest(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// A server with a client that writes and a subscriber, read as the daemon reads it.
    final class Session {
        final class Recorder: ServerOutputHandler {
            var outputs: [String] = []

            func send(_ bytes: UnsafeRawBufferPointer, to id: ClientID) -> Bool {
                outputs.append("send \(id) \(String(decoding: bytes, as: UTF8.self))")
                return false
            }

            func close(_ id: ClientID, reason: String) {
                outputs.append("close \(id) \(reason)")
            }
        }

        let server: NavServer
        let writer = ClientID(1)
        let subscriber = ClientID(2)

        init(configuration: ServerConfiguration) {
            server = NavServer(navigator: Navigator(definition: .sample, instance: "00000000"), configuration: configuration)
            server.connect(writer)
            server.connect(subscriber)
            _ = send(Array(#"{"jsonrpc":"2.0","id":1,"method":"nav.subscribe"}"#.utf8) + [0x0A], from: subscriber)
        }

        func send(_ bytes: [UInt8], from id: ClientID? = nil) -> [String] {
            let recorder = Recorder()
            bytes.withUnsafeBytes { server.receive($0, from: id ?? writer, handler: recorder) }
            return recorder.outputs
        }

        func shutdown() -> [String] {
            server.shutdown(reason: "test").map { output in
                switch output {
                case .send(let id, let payload): return "send \(id) \(String(decoding: payload.bytes, as: UTF8.self))"
                case .close(let id, let reason): return "close \(id) \(reason)"
                }
            }
        }
    }
}
