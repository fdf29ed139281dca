/// A window of `height` rows over longer content that never cuts silently: when lines are
/// hidden above or below, a marker row says how many (`↑ 3 more lines`, `↓ 12 more lines`).
/// `scroll` is the index of the first content line shown; it is clamped to what can show.
public struct ScrollWindow: Sendable, Hashable {
    public var total: Int
    public var height: Int

    public init(total: Int, height: Int) {
        self.total = total
        self.height = height
    }

    /// The largest useful scroll: the window that ends with the last line.
    public var maxScroll: Int { total <= height || height <= 1 ? 0 : total - (height - 1) }

    public func clamp(_ scroll: Int) -> Int { min(max(0, scroll), maxScroll) }

    /// The content lines shown at `scroll`, and whether marker rows sit above and below them.
    public func visible(at scroll: Int) -> (range: Range<Int>, above: Bool, below: Bool) {
        guard total > height else { return (0..<total, false, false) }
        let s = clamp(scroll)
        let above = s > 0
        let room = max(0, height - (above ? 1 : 0) - 1)
        if s + room + 1 >= total, above {
            // The last window: no marker below, the row goes to content.
            return (s..<total, true, false)
        }
        return (s..<min(total, s + room), above, true)
    }

    /// The scroll closest to `scroll` that shows `line` (unchanged when it shows already).
    public func scroll(_ scroll: Int, toShow line: Int) -> Int {
        let current = clamp(scroll)
        guard (0..<total).contains(line), !visible(at: current).range.contains(line) else { return current }
        let candidates = (0...maxScroll).filter { visible(at: $0).range.contains(line) }
        return candidates.min { abs($0 - current) < abs($1 - current) } ?? current
    }

    /// The rows: markers and the content lines shown, each fitted to `columns`.
    public func rows(of content: [Line], scroll: Int, columns: Int, glyphs: Glyphs) -> [Line] {
        guard height > 0 else { return [] }
        let shown = visible(at: scroll)
        var rows: [Line] = []
        if shown.above { rows.append(marker(glyphs.moreAbove, shown.range.lowerBound)) }
        rows += content[shown.range].map { $0.fitted(to: columns, ellipsis: glyphs.ellipsis) }
        if shown.below { rows.append(marker(glyphs.moreBelow, total - shown.range.upperBound)) }
        return rows.map { $0.fitted(to: columns, ellipsis: glyphs.ellipsis) }
    }

    private func marker(_ arrow: String, _ count: Int) -> Line {
        Line("\(arrow) \(Labels.count(count, "more line"))", Style(bold: true, colour: .yellow))
    }
}
