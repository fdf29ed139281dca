@testable import NavviewKit
import Testing

/// Character widths as terminals (through ncurses and tmux) place them: the characters a
/// hand-written table got wrong (🚀 ✅ ⌚ one column, Hebrew points and Thai vowel marks one
/// column each), the rules for sequences, and the generated tables' shape.
@Suite("DisplayWidth: columns from the Unicode tables")
struct DisplayWidthTests {
    @Test func emojiWithEmojiPresentationTakeTwoColumns() {
        for emoji in ["🚀", "✅", "⌚", "⏩", "⭐", "🥲", "🫠", "🪿"] {
            #expect(DisplayWidth.of(emoji) == 2, "\(emoji)")
        }
        #expect(DisplayWidth.of("🚀🚀🚀") == 6)
    }

    @Test func combiningMarksTakeNoColumn() {
        // שָׁלוֹם: shin with qamats and shin dot, lamed, vav with holam, final mem.
        #expect(DisplayWidth.of("\u{5E9}\u{5B8}\u{5C1}\u{5DC}\u{5D5}\u{5B9}\u{5DD}") == 4)
        // ที่นี่: tho thahan with sara ii and mai ek, twice (and no nu), three characters.
        #expect(DisplayWidth.of("\u{E17}\u{E35}\u{E48}\u{E19}\u{E35}\u{E48}") == 2)
        #expect(DisplayWidth.of("e\u{301}\u{302}") == 1)
        #expect(DisplayWidth.of("\u{20DD}") == 0)
    }

    @Test func eastAsianWideAndFullwidthTakeTwo() {
        #expect(DisplayWidth.of("日本語") == 6)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("\u{3000}") == 2)
        #expect(DisplayWidth.of("\u{20000}") == 2)
        // Conjoining jamo: the initial consonant's two columns hold the vowel and the final.
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
    }

    @Test func formatCharactersTakeNoneButVisibleOnesDo() {
        #expect(DisplayWidth.of("a\u{200B}b\u{2060}c\u{FEFF}") == 3)
        #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)
        // The soft hyphen and the Arabic number sign are Cf but print.
        #expect(DisplayWidth.of(Unicode.Scalar(0xAD)!) == 1)
        #expect(DisplayWidth.of(Unicode.Scalar(0x600)!) == 1)
    }

    /// A character is as wide as its scalars, as ncurses and tmux place it; an emoji
    /// presentation sequence takes at least two, a flag exactly two.
    @Test func sequences() {
        #expect(DisplayWidth.of(Character("\u{2764}\u{FE0F}")) == 2)
        #expect(DisplayWidth.of(Character("1\u{FE0F}\u{20E3}")) == 2)
        #expect(DisplayWidth.of(Character("🇫🇷")) == 2)
        #expect(DisplayWidth.of(Character("👍🏽")) == 4)
        #expect(DisplayWidth.of(Character("\u{915}\u{93F}")) == 2)
    }

    @Test func asciiAndLatinAreOneColumn() {
        #expect(DisplayWidth.of("navview: q quits") == 16)
        #expect(DisplayWidth.of("äöüß–…") == 6)
        #expect(DisplayWidth.of("▶ ┃ ╎ ↳ ● ○") == 11)
    }

    @Test(arguments: [
        ("zero", DisplayWidth.zeroWidthRanges), ("double", DisplayWidth.doubleWidthRanges),
    ])
    func tablesAreSortedDisjointRangesAndTheSearchFindsTheirEdges(name: String, ranges: [UInt32]) {
        #expect(ranges.count.isMultiple(of: 2) && ranges.count > 100, "\(name)")
        for index in stride(from: 0, to: ranges.count, by: 2) {
            let (first, last) = (ranges[index], ranges[index + 1])
            #expect(first <= last, "\(name) range \(index / 2)")
            if index > 0 { #expect(ranges[index - 1] + 1 < first, "\(name) ranges \(index / 2 - 1) and \(index / 2) touch or overlap") }
            #expect(DisplayWidth.contains(ranges, first) && DisplayWidth.contains(ranges, last))
            #expect(!DisplayWidth.contains(ranges, first - 1) && !DisplayWidth.contains(ranges, last + 1))
        }
        #expect(DisplayWidth.unicodeVersion == "15.0.0")
    }

    @Test func noCodePointIsBothZeroAndDoubleWidth() {
        let zero = DisplayWidth.zeroWidthRanges
        let double = DisplayWidth.doubleWidthRanges
        for index in stride(from: 0, to: zero.count, by: 2) {
            #expect(!DisplayWidth.contains(double, zero[index]) && !DisplayWidth.contains(double, zero[index + 1]))
        }
        for index in stride(from: 0, to: double.count, by: 2) {
            #expect(!DisplayWidth.contains(zero, double[index]) && !DisplayWidth.contains(zero, double[index + 1]))
        }
    }

    @Test func lineAndParagraphSeparatorsAreShownAsReplacementCharacters() {
        #expect(Line("a\u{2028}b\u{2029}c").text == "a\u{FFFD}b\u{FFFD}c")
    }
}
