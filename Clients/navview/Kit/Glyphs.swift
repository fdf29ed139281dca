/// The characters that draw the picture: box drawing and arrows on a UTF-8 terminal, plain
/// ASCII elsewhere (a C locale would show UTF-8 as `M-b~T~B` garbage).
public struct Glyphs: Sendable, Hashable {
    /// The top screen's marker; other screens get as many spaces.
    public var top: String
    /// Before a presented flow's header, and down its left side.
    public var presented: String
    public var presentedBar: String
    /// Before an embedded flow's header, and down its run of screens.
    public var embedded: String
    public var embeddedBar: String
    /// Tree connectors of a tabs flow's tabs.
    public var branch: String
    public var lastBranch: String
    public var trunk: String
    /// Between fields of a line.
    public var dot: String
    public var ellipsis: String
    /// Scroll markers: lines above, lines below.
    public var moreAbove: String
    public var moreBelow: String
    public var rule: String
    public var dash: String
    /// From an event to the steps it became.
    public var arrow: String
    public var connected: String
    public var disconnected: String
    /// Before a request a guard holds, on the status line.
    public var held: String

    public static let unicode = Glyphs(
        top: "▶ ", presented: "▲ ", presentedBar: "┃ ", embedded: "↳ ", embeddedBar: "╎ ",
        branch: "├─ ", lastBranch: "└─ ", trunk: "│  ", dot: " · ", ellipsis: "…", moreAbove: "↑", moreBelow: "↓", rule: "─",
        dash: "—", arrow: "→", connected: "●", disconnected: "○", held: "⏸")

    public static let ascii = Glyphs(
        top: "> ", presented: "^ ", presentedBar: "| ", embedded: "+ ", embeddedBar: ": ",
        branch: "+- ", lastBranch: "`- ", trunk: "|  ", dot: " - ", ellipsis: "~", moreAbove: "^", moreBelow: "v", rule: "-",
        dash: "-", arrow: "->", connected: "*", disconnected: "o", held: "||")

}
