import NavviewKit
import Testing

/// How navview chooses between the full screen and text, colour and none, box drawing and
/// ASCII: from its flags, `$TERM`, `$NO_COLOR` and the locale.
@Suite("Presentation: full screen or text, colour, glyphs")
struct PresentationTests {
    static func choose(
        plain: Bool = false, once: Bool = false, ascii: Bool = false, tty: Bool = true, term: String? = "xterm-256color",
        noColor: String? = nil, utf8: Bool = true
    ) -> Presentation {
        Presentation.choose(
            plain: plain, once: once, ascii: ascii, stdoutIsTerminal: tty, term: term, noColor: noColor, localeIsUTF8: utf8)
    }

    @Test func aTerminalGetsTheFullScreenInColour() {
        #expect(Self.choose() == Presentation(mode: .fullScreen, glyphs: .unicode, colours: true))
    }

    /// no-color.org: NO_COLOR set and not empty turns colour off, whatever its value.
    @Test func noColorSetAndNotEmptyTurnsColourOff() {
        #expect(!Self.choose(noColor: "1").colours)
        #expect(!Self.choose(noColor: "0").colours)
        #expect(!Self.choose(noColor: "false").colours)
        #expect(Self.choose(noColor: "").colours)
        #expect(Self.choose(noColor: nil).colours)
    }

    @Test func aDumbOrMissingTerminalFallsBackToTextWithANote() {
        #expect(Self.choose(term: "dumb") == Presentation(
            mode: .plain, glyphs: .unicode, colours: true,
            note: "navview: TERM=dumb cannot move the cursor; printing the state as text instead (--plain)"))
        #expect(Self.choose(term: nil).note == "navview: TERM is not set; printing the state as text instead (--plain)")
        #expect(Self.choose(term: "").mode == .plain)
        #expect(Presentation.unknownTerminalNote(term: "vt9000")
            == "navview: terminfo does not know TERM=vt9000; printing the state as text instead (--plain)")
    }

    /// Asked for text, or writing into a pipe: text, and no note (nothing fell back).
    @Test func textWhenAskedOrPipedWithoutANote() {
        #expect(Self.choose(plain: true, term: "dumb") == Presentation(mode: .plain, glyphs: .unicode, colours: true))
        #expect(Self.choose(once: true, term: "dumb") == Presentation(mode: .once, glyphs: .unicode, colours: true))
        #expect(Self.choose(tty: false, term: nil) == Presentation(mode: .plain, glyphs: .unicode, colours: true))
        #expect(Self.choose(plain: true, once: true).mode == .once)
    }

    /// Box drawing only under a UTF-8 locale, in every mode; --ascii forces ASCII.
    @Test(arguments: [(false, false), (true, false), (false, true)])
    func asciiUnlessTheLocaleSpeaksUTF8(plain: Bool, once: Bool) {
        #expect(Self.choose(plain: plain, once: once, utf8: false).glyphs == .ascii)
        #expect(Self.choose(plain: plain, once: once, utf8: true).glyphs == .unicode)
        #expect(Self.choose(plain: plain, once: once, ascii: true, utf8: true).glyphs == .ascii)
    }
}
