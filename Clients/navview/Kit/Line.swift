/// A part of a line painted one way: `count` characters from `start` (both in `Character`s).
public struct Span: Sendable, Hashable {
    public var start: Int
    public var count: Int
    public var style: Style

    public init(start: Int, count: Int, style: Style) {
        self.start = start
        self.count = count
        self.style = style
    }
}

/// One row of navview's screen: text plus attribute spans (sorted, not overlapping; text
/// outside every span is plain). ncurses only paints these; everything else is decided in
/// `render`, so tests read the screen as text.
public struct Line: Sendable, Hashable, CustomStringConvertible {
    public private(set) var text: String
    public private(set) var spans: [Span]
    /// Characters in `text` (kept so that appending stays cheap).
    public private(set) var count: Int

    public init(_ text: String = "", _ style: Style = .plain) {
        self.text = ""
        self.spans = []
        self.count = 0
        append(text, style)
    }

    /// Appends text painted with `style`; control characters become U+FFFD. A piece that
    /// starts with a combining mark (or anything else that extends a character) joins the
    /// line's last character, which keeps its style: the mark stays on its base.
    public mutating func append(_ piece: String, _ style: Style = .plain) {
        let piece = DisplayWidth.clean(piece)
        guard let first = piece.first else { return }
        var length = piece.count
        if let last = text.last, (String(last) + String(first)).count == 1 { length -= 1 }
        text += piece
        guard length > 0 else { return }
        if !style.isPlain {
            if let last = spans.last, last.style == style, last.start + last.count == count {
                spans[spans.count - 1].count += length
            } else {
                spans.append(Span(start: count, count: length, style: style))
            }
        }
        count += length
    }

    public mutating func append(_ line: Line) {
        for run in line.runs { append(String(run.text), run.style) }
    }

    /// Terminal columns.
    public var width: Int { DisplayWidth.of(text) }

    public var description: String { text }

    /// The whole text as consecutive runs, plain ones included, for painting.
    public var runs: [(text: Substring, style: Style)] {
        var runs: [(text: Substring, style: Style)] = []
        var index = text.startIndex
        var position = 0
        func take(_ n: Int, _ style: Style) {
            guard n > 0 else { return }
            let end = text.index(index, offsetBy: n)
            runs.append((text[index..<end], style))
            index = end
            position += n
        }
        for span in spans {
            take(span.start - position, .plain)
            take(span.count, span.style)
        }
        take(count - position, .plain)
        return runs
    }

    /// The line cut to `columns`: when wider, as much as fits before `ellipsis` (which takes
    /// the style of the first character it replaces).
    public func fitted(to columns: Int, ellipsis: String = "…") -> Line {
        guard width > columns else { return self }
        let room = columns - DisplayWidth.of(ellipsis)
        var fitted = Line()
        var used = 0
        var cutStyle = Style.plain
        outer: for run in runs {
            for character in run.text {
                let w = DisplayWidth.of(character)
                if used + w > room {
                    cutStyle = run.style
                    break outer
                }
                fitted.append(String(character), run.style)
                used += w
            }
        }
        if room >= 0 { fitted.append(ellipsis, cutStyle) }
        return fitted
    }

    /// The line as rows of at most `columns`, broken at spaces (a word wider than a row is
    /// broken where the row ends); rows after the first start with `indent` spaces. Styles
    /// stay with their characters; the spaces a break falls on are dropped.
    public func wrapped(to columns: Int, indent: Int = 0) -> [Line] {
        guard width > columns, columns > indent else { return [fitted(to: max(0, columns))] }
        var characters: [(character: Character, style: Style)] = []
        for run in runs {
            for character in run.text { characters.append((character, run.style)) }
        }
        var rows: [Line] = []
        var start = 0
        while start < characters.count {
            let room = rows.isEmpty ? columns : columns - indent
            var used = 0
            var end = start
            var lastSpace: Int?
            while end < characters.count {
                let w = DisplayWidth.of(characters[end].character)
                if used + w > room { break }
                if characters[end].character == " " { lastSpace = end }
                used += w
                end += 1
            }
            if end < characters.count, let space = lastSpace, space > start {
                end = space
            } else if end == start {
                end = start + 1
            }
            var row = Line(rows.isEmpty ? "" : String(repeating: " ", count: indent))
            for (character, style) in characters[start..<end] { row.append(String(character), style) }
            rows.append(row)
            start = end
            while start < characters.count, characters[start].character == " " { start += 1 }
        }
        return rows
    }

    /// The line padded with spaces (in `style`) to `columns`.
    public func padded(to columns: Int, _ style: Style = .plain) -> Line {
        let missing = columns - width
        guard missing > 0 else { return self }
        var line = self
        line.append(String(repeating: " ", count: missing), style)
        return line
    }
}
