public import NavClient
internal import NavigationCore

/// One line of the event pane: a revision and its cause, one of its lifecycle events, or a
/// note of the viewer's own (connections, gaps, coalesced updates, what a key did).
public enum EventLine: Sendable, Hashable {
    case revision(Int, cause: ChangeCauseView)
    case event(NavEventView)
    case note(String)
    case warning(String)

    public func line(glyphs: Glyphs = .unicode) -> Line {
        switch self {
        case .revision(let revision, let cause):
            var line = Line("r\(revision) ", .bold)
            if let event = cause.event {
                line.append("event \(event.name)", .colour(.cyan))
                line.append(" by \(Self.who(cause)) \(glyphs.arrow) ")
                line.append(event.stepsSummary, .bold)
                line.append(", handled by \(event.by)", .dim)
                return line
            }
            line.append(cause.method, .colour(.cyan))
            line.append(" by \(Self.who(cause))")
            return line
        case .event(let event):
            return Self.line(event, glyphs: glyphs)
        case .note(let text):
            return Line("\(glyphs.dash) \(text)", .dim)
        case .warning(let text):
            return Line("\(glyphs.dash) \(text)", Style.bold.with(.red))
        }
    }

    /// The line as rows of the event pane: a warning (the error of a `:` call, a lost
    /// connection) wraps, so that it is read whole; a revision, an event or a note is one row,
    /// cut with `…` at the edge as the tree's lines are.
    public func rows(columns: Int, glyphs: Glyphs = .unicode) -> [Line] {
        switch self {
        case .warning:
            return line(glyphs: glyphs).wrapped(to: columns, indent: DisplayWidth.of(glyphs.dash) + 1)
        case .revision, .event, .note:
            return [line(glyphs: glyphs).fitted(to: columns, ellipsis: glyphs.ellipsis)]
        }
    }

    /// `navctl (c3)`: the hello name and the connection, or the connection alone.
    static func who(_ cause: ChangeCauseView) -> String {
        cause.client.map { "\($0) (\(cause.clientID))" } ?? cause.clientID
    }

    private static func line(_ event: NavEventView, glyphs: Glyphs) -> Line {
        let colour: Colour = switch event.kind {
        case .enter, .willShow, .flowStarted: .green
        case .exit, .willHide, .flowFinished: .magenta
        case .tabSelected: .blue
        case .pendingHeld, .pendingDropped: .yellow
        }
        var line = Line("  ")
        line.append(event.kind.rawValue, .colour(colour))
        switch event.kind {
        case .willHide, .willShow, .enter, .exit:
            line.append(" ")
            if let screen = event.screen { line.append(screen + " ", .dim) }
            line.append(event.name ?? "?", .bold)
            if !event.params.isEmpty { line.append(" " + Labels.params(event.params), .colour(.green)) }
            if let via = event.via { line.append(glyphs.dot + Labels.movement(via), .colour(.yellow)) }
        case .flowStarted, .flowFinished:
            if let flow = event.flow { line.append(" " + flow, .dim) }
            line.append(" " + Labels.flowName(event.name), Style.bold.with(.cyan))
            if let result = event.result, !result.isNull { line.append(" result=" + result.description) }
        case .pendingHeld:
            line.append(" " + (event.method ?? "?"), .bold)
            line.append(" \(event.name ?? "?") waits for \(event.guardName ?? "?")")
        case .pendingDropped:
            line.append(" " + (event.method ?? "?"), .bold)
            line.append(" (\(event.reason ?? "?"))")
        case .tabSelected:
            if let flow = event.flow { line.append(" " + flow, .dim) }
            line.append(" " + (event.name ?? "?"), .bold)
            if let tab = event.tab { line.append(" (tab \(tab))") }
        }
        return line
    }
}
