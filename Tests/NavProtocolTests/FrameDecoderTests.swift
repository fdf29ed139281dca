import Testing
import NavProtocol
import NavigationCore
import NavRandom

/// A frame as text, so a failure prints readably: a line is its text, an oversized one `<oversized>`.
private func render(_ frame: Frame) -> String {
    switch frame {
    case .line(let bytes): String(decoding: bytes, as: UTF8.self)
    case .oversized: "<oversized>"
    }
}

/// Feeds `chunks` in order, then ends the input; returns every frame.
private func decode(_ chunks: [ArraySlice<UInt8>], maxLineBytes: Int, finish: Bool = true) -> [String] {
    var decoder = FrameDecoder(maxLineBytes: maxLineBytes)
    var frames: [String] = []
    for chunk in chunks {
        chunk.withUnsafeBytes { decoder.feed($0) { frames.append(render($0)) } }
        #expect(decoder.bufferedByteCount <= maxLineBytes + 1)
    }
    if finish { decoder.finish { frames.append(render($0)) } }
    return frames
}

private func decode(_ text: String, maxLineBytes: Int = 16) -> [String] {
    decode([Array(text.utf8)[...]], maxLineBytes: maxLineBytes)
}

@Suite struct FrameDecoderTests {
    /// Many messages, `\r\n`, blank lines, a line exactly at the limit, oversized lines (one
    /// ending the input's first half, one at the very end with no newline), a `\r` inside a line.
    static let input = Array((
        "{\"a\":1}\n" + "[2]\r\n" + "\n" + "\r\n" + "  \t \n" + "0123456789abcdef\n" + "0123456789abcdefg\n"
        + "x\r\n" + "0123456789abcdef\r\n" + "0123456789abcdef\r\r\n" + "a\rb\n" + String(repeating: "z", count: 40)
        + "\n" + "tail-1\n" + "unterminated"
    ).utf8)
    static let expected = [
        "{\"a\":1}", "[2]", "0123456789abcdef", "<oversized>", "x", "0123456789abcdef", "<oversized>", "a\rb",
        "<oversized>", "tail-1", "unterminated",
    ]

    @Test func wholeInputInOneFeed() {
        #expect(decode([Self.input[...]], maxLineBytes: 16) == Self.expected)
    }

    @Test func everySplitIntoTwoFeedsGivesTheSameFrames() {
        for i in 0...Self.input.count {
            let frames = decode([Self.input[..<i], Self.input[i...]], maxLineBytes: 16)
            #expect(frames == Self.expected, "split at \(i)")
        }
    }

    @Test func everySplitIntoThreeFeedsGivesTheSameFrames() {
        for i in 0...Self.input.count {
            for j in i...Self.input.count {
                let frames = decode([Self.input[..<i], Self.input[i..<j], Self.input[j...]], maxLineBytes: 16)
                if frames != Self.expected {
                    Issue.record("split at \(i), \(j): \(frames)")
                    return
                }
            }
        }
    }

    @Test func oneByteAtATime() {
        let chunks = Self.input.indices.map { Self.input[$0...$0] }
        #expect(decode(chunks, maxLineBytes: 16) == Self.expected)
    }

    @Test func randomChunkings() {
        var generator = SplitMix64(seed: 7)
        for _ in 0..<500 {
            var chunks: [ArraySlice<UInt8>] = []
            var start = 0
            while start < Self.input.count {
                let end = min(Self.input.count, start + Int(generator.next() % 9))
                chunks.append(Self.input[start..<end])
                start = end
            }
            #expect(decode(chunks, maxLineBytes: 16) == Self.expected)
        }
    }

    @Test func manyMessagesInOneFeed() {
        let lines = (0..<1000).map { "{\"id\":\($0)}" }
        #expect(decode(lines.joined(separator: "\n") + "\n", maxLineBytes: 64) == lines)
    }

    @Test func crlfAndBlankLines() {
        #expect(decode("a\r\n\r\nb\n\n\n \t\r\nc\r\n") == ["a", "b", "c"])
        #expect(decode("\n\r\n \n") == [])
    }

    @Test func lineExactlyAtTheLimitPasses() {
        #expect(decode("12345678\n", maxLineBytes: 8) == ["12345678"])
        #expect(decode("12345678\r\n", maxLineBytes: 8) == ["12345678"])
        #expect(decode("12345678", maxLineBytes: 8) == ["12345678"])
    }

    @Test func oneByteOverTheLimitIsOversized() {
        #expect(decode("123456789\nok\n", maxLineBytes: 8) == ["<oversized>", "ok"])
        #expect(decode("123456789\r\nok\n", maxLineBytes: 8) == ["<oversized>", "ok"])
        #expect(decode("12345678\r\r\nok\n", maxLineBytes: 8) == ["<oversized>", "ok"])
        #expect(decode("123456789", maxLineBytes: 8) == ["<oversized>"])
    }

    @Test func oversizedLineOverManyFeedsIsReportedOnceAndNeverBuffered() {
        var decoder = FrameDecoder(maxLineBytes: 8)
        var frames: [String] = []
        decoder.feed(Array("first\n1234".utf8)) { frames.append(render($0)) }
        for _ in 0..<10_000 {
            decoder.feed(Array("abcdefgh".utf8)) { frames.append(render($0)) }
            #expect(decoder.bufferedByteCount <= 9)
        }
        #expect(decoder.isDiscarding)
        decoder.feed(Array("tail of the big line\n{\"n\":1}\nsecond".utf8)) { frames.append(render($0)) }
        #expect(!decoder.isDiscarding)
        #expect(frames == ["first", "<oversized>", "{\"n\":1}"])
        #expect(decoder.bufferedByteCount == 6)
        decoder.feed(Array("\n".utf8)) { frames.append(render($0)) }
        #expect(frames == ["first", "<oversized>", "{\"n\":1}", "second"])
    }

    @Test func oversizedLineInsideOneFeed() {
        let big = String(repeating: "q", count: 100_000)
        #expect(decode("a\n" + big + "\nb\n" + big + "\r\n" + big, maxLineBytes: 16) == ["a", "<oversized>", "b", "<oversized>", "<oversized>"])
    }

    @Test func finishDropsTheRestOfAnOversizedLineAndResets() {
        var decoder = FrameDecoder(maxLineBytes: 4)
        var frames: [String] = []
        decoder.feed(Array("toolong".utf8)) { frames.append(render($0)) }
        decoder.finish { frames.append(render($0)) }
        decoder.feed(Array("ok\n".utf8)) { frames.append(render($0)) }
        #expect(frames == ["<oversized>", "ok"])
    }

    @Test func keptLinesStayIntactAfterLaterFeeds() {
        var decoder = FrameDecoder()
        var frames: [String] = []
        decoder.feed(Array("one\ntwo\nthr".utf8)) { frames.append(render($0)) }
        decoder.feed(Array("ee\nfour\n".utf8)) { frames.append(render($0)) }
        #expect(frames == ["one", "two", "three", "four"])
    }
}
