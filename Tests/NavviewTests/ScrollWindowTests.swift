import NavviewKit
import Testing

/// The scrolling window never cuts silently: for every total, height and scroll, the rows
/// fill the window and the markers plus the lines shown account for every line.
@Suite("ScrollWindow")
struct ScrollWindowTests {
    static func content(_ n: Int) -> [Line] { (0..<n).map { Line("line \($0)") } }

    /// The number in a marker row (`↑ 3 more lines`), nil for a content row.
    static func hidden(_ row: Line) -> Int? {
        let words = row.text.split(separator: " ")
        guard words.count >= 3, ["↑", "↓"].contains(words[0]), words[2] == "more" else { return nil }
        return Int(words[1])
    }

    @Test func everyLineIsShownOrCounted() {
        for total in 0...14 {
            for height in 1...8 {
                let window = ScrollWindow(total: total, height: height)
                for scroll in -2...(total + 2) {
                    let rows = window.rows(of: Self.content(total), scroll: scroll, columns: 40, glyphs: .unicode)
                    #expect(rows.count == min(total, height), "total \(total) height \(height) scroll \(scroll)")
                    let shown = rows.filter { Self.hidden($0) == nil }
                    let counted = rows.compactMap(Self.hidden).reduce(0, +)
                    #expect(shown.count + counted == total, "total \(total) height \(height) scroll \(scroll)")
                    // The lines shown are consecutive and start where the scroll says.
                    let indices = shown.compactMap { Int($0.text.dropFirst(5)) }
                    #expect(indices == Array(window.visible(at: scroll).range))
                    if let first = indices.first, let above = rows.first.flatMap(Self.hidden), rows.first?.text.hasPrefix("↑") == true {
                        #expect(above == first)
                    }
                }
            }
        }
    }

    @Test func scrollingToShowALineMovesAsLittleAsPossible() {
        let window = ScrollWindow(total: 20, height: 6)
        #expect(window.maxScroll == 15)
        #expect(window.scroll(0, toShow: 3) == 0)
        #expect(window.scroll(0, toShow: 5) == 2)
        #expect(window.visible(at: 2).range == 2..<6)
        #expect(window.scroll(10, toShow: 4) == 4)
        #expect(window.scroll(0, toShow: 19) == 15)
        #expect(window.scroll(7, toShow: 99) == 7)
        for line in 0..<20 {
            for start in 0...15 {
                #expect(window.visible(at: window.scroll(start, toShow: line)).range.contains(line))
            }
        }
    }

    @Test func markersAreSingularOrPlural() {
        let rows = ScrollWindow(total: 3, height: 2).rows(of: Self.content(3), scroll: 0, columns: 40, glyphs: .unicode)
        #expect(rows.map(\.text) == ["line 0", "↓ 2 more lines"])
        let last = ScrollWindow(total: 3, height: 2).rows(of: Self.content(3), scroll: 9, columns: 40, glyphs: .unicode)
        #expect(last.map(\.text) == ["↑ 2 more lines", "line 2"])
        let one = ScrollWindow(total: 4, height: 3).rows(of: Self.content(4), scroll: 0, columns: 40, glyphs: .ascii)
        #expect(one.map(\.text) == ["line 0", "line 1", "v 2 more lines"])
        #expect(ScrollWindow(total: 4, height: 3).rows(of: Self.content(4), scroll: 1, columns: 40, glyphs: .unicode).map(\.text)
            == ["↑ 1 more line", "line 1", "↓ 2 more lines"])
    }
}
