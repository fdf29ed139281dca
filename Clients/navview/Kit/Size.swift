/// A terminal's size in character cells.
public struct Size: Sendable, Hashable {
    public var rows: Int
    public var columns: Int

    public init(rows: Int, columns: Int) {
        self.rows = rows
        self.columns = columns
    }
}

/// Where each pane goes: the tree from the first row, then a rule and the recent events
/// (when there are at least 10 rows for both), and the status line on the last row.
public struct ScreenLayout: Sendable, Hashable {
    public var size: Size
    public var treeRows: Int
    public var eventRows: Int

    public init(_ size: Size) {
        self.size = size
        let body = max(0, size.rows - 1)
        if body >= 10 {
            eventRows = min(max(3, body / 3), 12)
            treeRows = body - 1 - eventRows
        } else {
            eventRows = 0
            treeRows = body
        }
    }

    /// Below this, navview only says that the terminal is too small.
    public var isTooSmall: Bool { size.rows < 3 || size.columns < 20 }
}
