import Testing
import NavProtocol

/// The same frames for every way of splitting the input into feeds (lines whole in a feed go
/// out in place, split ones through the decoder's buffer).
@Suite struct FrameDecoderSplitTests {
    /// Feeds `chunks`, then ends the input; every frame as text.
    static func decodeInPlace(_ chunks: [ArraySlice<UInt8>], maxLineBytes: Int) -> [String] {
        var decoder = FrameDecoder(maxLineBytes: maxLineBytes)
        var frames: [String] = []
        for chunk in chunks {
            chunk.withUnsafeBytes { bytes in
                decoder.feed(bytes) { frame in
                    switch frame {
                    case .line(let line): frames.append(String(decoding: line, as: UTF8.self))
                    case .oversized: frames.append("<oversized>")
                    }
                }
            }
            #expect(decoder.bufferedByteCount <= maxLineBytes + 1)
        }
        decoder.finish { frame in
            switch frame {
            case .line(let line): frames.append(String(decoding: line, as: UTF8.self))
            case .oversized: frames.append("<oversized>")
            }
        }
        return frames
    }

    static let input = FrameDecoderTests.input
    static let expected = FrameDecoderTests.expected

    @Test func wholeInputInOneFeed() {
        #expect(Self.decodeInPlace([Self.input[...]], maxLineBytes: 16) == Self.expected)
    }

    @Test func everySplitIntoThreeFeedsGivesTheSameFrames() {
        for i in 0...Self.input.count {
            for j in i...Self.input.count {
                let frames = Self.decodeInPlace([Self.input[..<i], Self.input[i..<j], Self.input[j...]], maxLineBytes: 16)
                if frames != Self.expected {
                    Issue.record("split at \(i), \(j): \(frames)")
                    return
                }
            }
        }
    }

    @Test func oneByteAtATime() {
        let chunks = Self.input.indices.map { Self.input[$0...$0] }
        #expect(Self.decodeInPlace(chunks, maxLineBytes: 16) == Self.expected)
    }

    /// Many requests in one read, as a pipelining client sends them, then the same split at
    /// every byte: what the server sees.
    @Test func pipelinedRequests() {
        let lines = (0..<50).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"nav.close"}"# }
        let bytes = Array(lines.map { $0 + ($0.count % 2 == 0 ? "\r\n" : "\n") }.joined().utf8)
        #expect(Self.decodeInPlace([bytes[...]], maxLineBytes: 1 << 20) == lines)
        for i in stride(from: 0, through: bytes.count, by: 7) {
            #expect(Self.decodeInPlace([bytes[..<i], bytes[i...]], maxLineBytes: 1 << 20) == lines)
        }
    }
}
