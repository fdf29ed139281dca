import NavviewKit
import Testing

/// Lines: spans, widths, cutting with an ellipsis, and text from the wire made harmless.
@Suite("Line: text plus attribute spans")
struct LineTests {
    @Test func appendingMergesNeighbouringRunsOfOneStyle() {
        var line = Line("ab", .bold)
        line.append("cd", .bold)
        line.append(" ")
        line.append("ef", .reverse)
        #expect(line.text == "abcd ef")
        #expect(line.spans == [Span(start: 0, count: 4, style: .bold), Span(start: 5, count: 2, style: .reverse)])
        #expect(line.runs.map { String($0.text) } == ["abcd", " ", "ef"])
        #expect(line.runs.map(\.style) == [.bold, .plain, .reverse])
    }

    @Test func controlCharactersFromTheWireCannotReachTheTerminal() {
        let line = Line("a\u{1B}[2Jb\nc\u{9B}d\u{7F}")
        #expect(line.text == "a\u{FFFD}[2Jb\u{FFFD}c\u{FFFD}d\u{FFFD}")
        #expect(!line.text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test func widthCountsColumnsNotCharacters() {
        #expect(Line("abc").width == 3)
        #expect(Line("日本").width == 4)
        #expect(Line("e\u{301}").width == 1)
        #expect(Line("▶ ┃ ╎ ↳ …").width == 9)
        #expect(Line("👍").width == 2)
    }

    @Test func fittingCutsWithAnEllipsisAndKeepsSpans() {
        var line = Line("s5 ", .dim)
        line.append("post", .bold)
        line.append(" postId=5", .colour(.green))
        #expect(line.fitted(to: 16) == line)
        let cut = line.fitted(to: 10)
        #expect(cut.text == "s5 post p…")
        #expect(cut.width == 10)
        #expect(cut.spans == [
            Span(start: 0, count: 3, style: .dim), Span(start: 3, count: 4, style: .bold),
            Span(start: 7, count: 3, style: .colour(.green)),
        ])
        #expect(Line("abcdef").fitted(to: 1).text == "…")
        #expect(Line("abcdef").fitted(to: 0).text == "")
    }

    @Test func aWideCharacterThatWouldStraddleTheEdgeIsLeftOut() {
        let cut = Line("ab日本語").fitted(to: 6)
        #expect(cut.text == "ab日…")
        #expect(cut.width == 5)
    }

    @Test func cuttingKeepsCombiningMarksOnTheirBase() {
        // ab, then shin with qamats and shin dot, lamed, vav with holam, final mem.
        let hebrew = Line("ab\u{5E9}\u{5B8}\u{5C1}\u{5DC}\u{5D5}\u{5B9}\u{5DD}")
        #expect(hebrew.width == 6)
        #expect(hebrew.fitted(to: 4).text.unicodeScalars.map(\.value) == [0x61, 0x62, 0x5E9, 0x5B8, 0x5C1, 0x2026])
        // ท with sara ii and mai ek, three times.
        let thai = Line(String(repeating: "\u{E17}\u{E35}\u{E48}", count: 3))
        #expect(thai.width == 3)
        #expect(thai.fitted(to: 2).text == "\u{E17}\u{E35}\u{E48}…")
    }

    @Test func emojiAtTheEdgeAreNeverHalved() {
        let rockets = Line("id🚀🚀🚀")
        #expect(rockets.width == 8)
        #expect(rockets.fitted(to: 7).text == "id🚀🚀…")
        #expect(rockets.fitted(to: 6).text == "id🚀…")
        #expect(rockets.fitted(to: 6).width == 5)
    }

    /// A piece that begins with a combining mark joins the line's last character: the spans
    /// still count characters of the text (a mismatch would trap when the runs are cut).
    @Test func aPieceStartingWithACombiningMarkJoinsTheLastCharacter() {
        var line = Line("e", .bold)
        line.append("\u{301}x", .dim)
        #expect(line.text == "e\u{301}x")
        #expect(line.count == 2)
        #expect(line.spans == [Span(start: 0, count: 1, style: .bold), Span(start: 1, count: 1, style: .dim)])
        #expect(line.runs.map { String($0.text) } == ["e\u{301}", "x"])
        line.append("\u{302}")
        #expect(line.count == 2 && line.runs.map { String($0.text) } == ["e\u{301}", "x\u{302}"])
    }

    @Test func paddingFillsToTheWidthInAStyle() {
        let line = Line("ab").padded(to: 5, .reverse)
        #expect(line.text == "ab   ")
        #expect(line.spans == [Span(start: 2, count: 3, style: .reverse)])
        #expect(Line("abcdef").padded(to: 3).text == "abcdef")
    }
}
