public import NavClient

/// What the screen shows besides the tree, events and status.
public struct RenderOptions: Sendable, Hashable {
    public var glyphs: Glyphs
    /// The key help (and legend) in place of the tree.
    public var help: Bool

    public init(glyphs: Glyphs = .unicode, help: Bool = false) {
        self.glyphs = glyphs
        self.help = help
    }
}

/// The whole screen as `size.rows` lines, none wider than `size.columns`: the tree (or the
/// help) in a scrolling window, a rule, the most recent event lines, the status line.
/// Pure: the same inputs always give the same lines, so tests read the screen as text.
/// When the connection is down the tree is the last one known, drawn dim.
public func render(
    state: NavStateView?, events: [EventLine], status: Status, size: Size, scroll: Int,
    options: RenderOptions = RenderOptions()
) -> [Line] {
    let layout = ScreenLayout(size)
    let glyphs = options.glyphs
    guard !layout.isTooSmall else {
        let message = Line("navview: the terminal is too small (\(size.columns)×\(size.rows))").fitted(to: max(0, size.columns), ellipsis: glyphs.ellipsis)
        return [message] + Array(repeating: Line(), count: max(0, size.rows - 1))
    }
    let content = TreePane(state: state, status: status, options: options, columns: size.columns).lines
    var rows = ScrollWindow(total: content.count, height: layout.treeRows)
        .rows(of: content, scroll: scroll, columns: size.columns, glyphs: glyphs)
    rows += Array(repeating: Line(), count: layout.treeRows - rows.count)
    if layout.eventRows > 0 {
        let title = "\(glyphs.rule)\(glyphs.rule) " + (status.history.map { "events of r\($0.revision) (history) " } ?? "recent events ")
        rows.append(Line(title + String(repeating: glyphs.rule, count: max(0, size.columns - DisplayWidth.of(title))), .dim)
            .fitted(to: size.columns, ellipsis: glyphs.ellipsis))
        let recent = Array(events.suffix(layout.eventRows).flatMap { $0.rows(columns: size.columns, glyphs: glyphs) }.suffix(layout.eventRows))
        rows += recent + Array(repeating: Line(), count: layout.eventRows - recent.count)
    }
    rows.append(status.line(columns: size.columns, glyphs: glyphs))
    return rows
}

/// The lines the tree pane scrolls over: the help, the tree, or what it waits for; when the
/// connection is down, a banner and the last tree seen, dim. `topLine` is the top screen's row.
public struct TreePane: Sendable, Hashable {
    public var lines: [Line]
    public var topLine: Int?

    /// `columns`: the width the help wraps to (the tree's lines are cut at the edge instead).
    public init(state: NavStateView?, status: Status, options: RenderOptions, columns: Int? = nil) {
        let glyphs = options.glyphs
        if options.help {
            lines = Help.lines(glyphs: glyphs, columns: columns)
            return
        }
        guard let state else {
            lines = [Line("waiting for navd at \(status.socket)", .dim)]
            return
        }
        let picture = TreePicture(state, glyphs: glyphs)
        guard case .retrying = status.connection else {
            lines = picture.lines
            topLine = picture.topLine
            return
        }
        let banner = Line("disconnected \(glyphs.dash) retrying (last tree: revision \(state.revision))", Style.bold.with(.red))
        lines = [banner] + picture.lines.map { line in
            var dimmed = Line()
            for run in line.runs { dimmed.append(String(run.text), Style(dim: true, reverse: run.style.reverse)) }
            return dimmed
        }
        topLine = picture.topLine.map { $0 + 1 }
    }
}
