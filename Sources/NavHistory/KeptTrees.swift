public import NavigationCore
/// Which revisions the history keeps with their tree (the others keep only their undo), chosen
/// by size rather than every 64th revision: a kept tree is a whole copy of the tree once the
/// navigator edits its own, so a large tree (5,000 screens) kept every 64 revisions of a
/// 10,000-revision history held about 150 copies. A revision keeps its tree when
/// `maximumRun` revisions came since the last one that did, or, once `minimumRun` came, when
/// the edits of their undos add up to the tree's screens and flows (what rebuilding a tree
/// from the kept one undoes is then as much as the tree itself). A small tree is kept every
/// `minimumRun` revisions as before; a large one that changes a screen at a time once per
/// `maximumRun`. Rebuilding any revision's tree undoes at most `maximumRun - 1` revisions.
public struct KeptTrees: Sendable {
    public static let minimumRun = History.keptTreeInterval
    public static let maximumRun = 1_024

    /// Revisions since the last kept tree, and the edits of their undos.
    private var revisions = 0
    private var edits = 0

    public init() {}

    /// Whether the history keeps the tree of the revision that made `undo` and left a tree of
    /// `nodes` screens and flows.
    public mutating func keeps(undo: TreeUndo, nodes: Int) -> Bool {
        revisions += 1
        edits += undo.editCount
        guard revisions >= Self.maximumRun || (revisions >= Self.minimumRun && edits >= nodes) else { return false }
        revisions = 0
        edits = 0
        return true
    }
}
