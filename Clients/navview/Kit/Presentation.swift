/// How navview shows navd's state, decided from its flags and its environment before anything
/// is drawn: the full screen only on a terminal that can take it, colour unless `NO_COLOR`
/// asks otherwise (no-color.org: set and not empty), ASCII unless the locale speaks UTF-8.
public struct Presentation: Sendable, Hashable {
    public enum Mode: Sendable, Hashable {
        case fullScreen
        /// A text rendering after each change (`--plain`).
        case plain
        /// The current state once, as text (`--once`).
        case once
    }

    public var mode: Mode
    public var glyphs: Glyphs
    public var colours: Bool
    /// Why navview prints text although the full screen was wanted: one line, for stderr.
    public var note: String?

    public init(mode: Mode, glyphs: Glyphs, colours: Bool, note: String? = nil) {
        self.mode = mode
        self.glyphs = glyphs
        self.colours = colours
        self.note = note
    }

    /// `term` and `noColor` are `$TERM` and `$NO_COLOR` (nil when unset).
    public static func choose(
        plain: Bool, once: Bool, ascii: Bool, stdoutIsTerminal: Bool, term: String?, noColor: String?,
        localeIsUTF8: Bool
    ) -> Presentation {
        let glyphs: Glyphs = ascii || !localeIsUTF8 ? .ascii : .unicode
        let colours = noColor?.isEmpty ?? true
        if once { return Presentation(mode: .once, glyphs: glyphs, colours: colours) }
        if plain || !stdoutIsTerminal { return Presentation(mode: .plain, glyphs: glyphs, colours: colours) }
        switch term {
        case nil, "":
            return Presentation(mode: .plain, glyphs: glyphs, colours: colours, note: "navview: TERM is not set; \(fallback)")
        case "dumb":
            return Presentation(mode: .plain, glyphs: glyphs, colours: colours, note: "navview: TERM=dumb cannot move the cursor; \(fallback)")
        default:
            return Presentation(mode: .fullScreen, glyphs: glyphs, colours: colours)
        }
    }

    /// The note when ncurses finds no terminfo entry for `$TERM` (known only once it tries).
    public static func unknownTerminalNote(term: String) -> String {
        "navview: terminfo does not know TERM=\(term); \(fallback)"
    }

    private static let fallback = "printing the state as text instead (--plain)"
}
