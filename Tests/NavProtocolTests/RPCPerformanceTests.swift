import Testing
import NavigationCore
import NavProtocol
import NavJSON

/// Not a benchmark with a threshold: it prints what a typical `nav.route` costs — framing,
/// request decoding and response encoding, each alone and all three together — so a regression
/// is visible in the test log.
///
/// Framing and splicing a pre-encoded result allocate nothing (the decoder's line buffer and the
/// output buffer are reused).
@Suite struct RPCPerformanceTests {
    static let iterations = 100_000

    static let requestLine = bytes(
        #"{"jsonrpc":"2.0","id":42,"method":"nav.route","params":{"to":"postDetail","params":{"postId":5},"expectRevision":17}}"# + "\n")

    static let result: JSONValue = [
        "revision": 18, "screen": "s7", "via": ["kind": "push", "transition": "push", "direction": "push"],
        "events": [
            ["type": "willHide", "screen": "s3", "name": "feed"],
            ["type": "enter", "screen": "s7", "name": "postDetail", "params": ["postId": 5],
             "via": ["kind": "push", "direction": "push"]],
            ["type": "willShow", "screen": "s7", "name": "postDetail"],
        ],
    ]

    private func nanosecondsPerCall(_ body: () -> Void) -> Int {
        let elapsed = ContinuousClock().measure {
            for _ in 0..<Self.iterations { body() }
        }
        let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
        return Int(nanoseconds / Double(Self.iterations))
    }

    @Test func typicalRouteCallPrintsNanosecondsPerCall() {
        var decoder = FrameDecoder()
        var out = JSONBuffer(capacity: 1024)
        var answered = 0
        let line = Self.requestLine.dropLast()
        let resultBytes = JSONWriter.bytes(Self.result)

        let framing = nanosecondsPerCall {
            Self.requestLine.withUnsafeBytes { raw in
                decoder.feed(raw) { if case .line = $0 { answered += 1 } }
            }
        }
        let parsing = nanosecondsPerCall {
            if case .single(.call) = JSONRPC.decode(line: line) { answered += 1 }
        }
        let encoding = nanosecondsPerCall {
            out.removeAll()
            RPCEncoder.success(id: 42, result: Self.result, into: &out)
        }
        let splicing = nanosecondsPerCall {
            out.removeAll()
            RPCEncoder.successRaw(id: 42, resultBytes: resultBytes, into: &out)
        }
        let whole = nanosecondsPerCall {
            Self.requestLine.withUnsafeBytes { raw in
                decoder.feed(raw) { frame in
                    guard case .line(let line) = frame,
                          case .single(.call(let id?, _, _)) = JSONRPC.decode(line: line)
                    else { return }
                    out.removeAll()
                    RPCEncoder.success(id: id, result: Self.result, into: &out)
                    answered += 1
                }
            }
        }
        #expect(answered == 3 * Self.iterations)
        #expect(text(out.bytes) == #"{"jsonrpc":"2.0","id":42,"result":"# + text(resultBytes) + "}\n")
        print("""
            nav.route, ns per call over \(Self.iterations) calls: frame \(framing), decode \(parsing), \
            encode \(encoding), encode pre-encoded result \(splicing); all together \(whole)
            """)
    }
}
