/// The `?` screen: keys and the legend of the picture.
public enum Help {
    /// The help as rows of at most `columns` (unlimited when nil): a description too long
    /// for its row goes on under itself rather than being cut.
    public static func lines(glyphs: Glyphs = .unicode, columns: Int? = nil) -> [Line] {
        let lines = unwrappedLines(glyphs: glyphs)
        guard let columns else { return lines }
        return lines.flatMap { $0.wrapped(to: columns, indent: textColumn) }
    }

    /// Where a key's description starts.
    static let textColumn = 14

    private static func unwrappedLines(glyphs: Glyphs) -> [Line] {
        let keys: [(String, String)] = [
            ("q, Ctrl-C", "quit"),
            ("\(glyphs.moreAbove) \(glyphs.moreBelow), k j", "scroll the tree a line"),
            ("PgUp PgDn", "scroll a page (Home, End: first, last)"),
            ("b", "close the top screen (nav.close)"),
            ("t", "select the next tab of the nearest tabs flow (nav.selectTab)"),
            (":", "call a method: a JSON-RPC method, then its params as a JSON object"),
            ("", "  nav.route {\"to\":\"post\",\"params\":{\"postId\":5}}"),
            ("", "  (not navctl's grammar: Enter calls, Esc cancels)"),
            ("r", "re-fetch the state (nav.state)"),
            ("[ ]", "history: one revision back, forward (read-only; nav.history)"),
            ("Esc", "back to live (so does ] past the newest)"),
            ("?", "this help (arrows scroll it, any other key closes it)"),
        ]
        let legend: [(String, String)] = [
            (glyphs.top.trimmed(), "the top screen (also in reverse video)"),
            ("[tab]", "the selected tab of a tabs flow"),
            (glyphs.presented.trimmed(), "a presented flow: a layer over the stack that presents it"),
            (glyphs.embedded.trimmed(), "an embedded child flow: its run of its host's stack"),
            ("dim", "off the visible path (other tabs, what they present)"),
            ("· push", "how a screen was opened (custom transitions: name, animator)"),
        ]
        var lines = [Line("navview keys", .bold)]
        lines += keys.map { row(key: $0.0, $0.1) }
        lines.append(Line())
        lines.append(Line("the picture", .bold))
        lines += legend.map { row(key: $0.0, $0.1) }
        return lines
    }

    private static func row(key: String, _ text: String) -> Line {
        var line = Line("  ")
        line.append(key, Style.bold.with(.cyan))
        line.append(String(repeating: " ", count: max(1, textColumn - 2 - DisplayWidth.of(key))) + text)
        return line
    }
}

extension String {
    func trimmed() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
