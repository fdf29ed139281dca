/// The colours navview uses; each is painted on the terminal's default background.
public enum Colour: Int, Sendable, Hashable, CaseIterable {
    case red = 1, green, yellow, blue, magenta, cyan
}

/// How a run of text is painted: ncurses attributes and an optional foreground colour.
public struct Style: Sendable, Hashable {
    public var bold: Bool
    public var dim: Bool
    public var reverse: Bool
    public var colour: Colour?

    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, colour: Colour? = nil) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.colour = colour
    }

    public static let plain = Style()
    public static let bold = Style(bold: true)
    public static let dim = Style(dim: true)
    public static let reverse = Style(reverse: true)

    public static func colour(_ colour: Colour) -> Style { Style(colour: colour) }

    public var isPlain: Bool { self == .plain }

    /// This style with `colour`.
    public func with(_ colour: Colour) -> Style {
        var style = self
        style.colour = colour
        return style
    }

    /// Both styles' attributes; `other`'s colour wins when it has one.
    public func merged(with other: Style) -> Style {
        Style(
            bold: bold || other.bold, dim: dim || other.dim, reverse: reverse || other.reverse,
            colour: other.colour ?? colour)
    }
}
