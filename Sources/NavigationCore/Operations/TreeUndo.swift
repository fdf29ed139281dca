/// How to make the tree before a revision out of the tree the revision made: the inverse of
/// the revision's edits (what the engine logs to roll an operation back), or the whole tree a
/// `goto` or `reset` replaced. The history keeps one per revision instead of each revision's
/// tree: a kept tree makes the navigator's next edit copy its own, and every dropped entry
/// free one, where an undo log holds only what the revision changed.
public struct TreeUndo: Sendable {
    private enum Storage: Sendable {
        case edits([TreeEdit])
        /// Boxed: inline, the tree made every undo as large as a tree's fields, copied and
        /// destroyed field by field for every revision the history keeps or drops; a `goto`
        /// or `reset`, which replaces the tree, is rare.
        indirect case replaced(NavigationTree)
    }

    private let storage: Storage

    init(edits: [TreeEdit]) {
        storage = .edits(edits)
    }

    init(replacing tree: NavigationTree) {
        storage = .replaced(tree)
    }

    /// A revision that left the tree as it was (one that changed only the session).
    public static let unchanged = TreeUndo(edits: [])

    /// The revision's edits, in the order it made them; `nil` when it replaced the whole tree.
    var edits: [TreeEdit]? {
        switch storage {
        case .edits(let edits): return edits
        case .replaced: return nil
        }
    }

    /// The edits undone, what undoing costs (a replaced tree counts as none: it is kept whole
    /// already).
    public var editCount: Int {
        switch storage {
        case .edits(let edits): return edits.count
        case .replaced: return 0
        }
    }

    /// Turns `tree`, the tree the revision made, into the tree before it.
    public func undo(_ tree: inout NavigationTree) {
        switch storage {
        case .edits(let edits):
            if !edits.isEmpty { tree.undo(edits) }
        case .replaced(let before):
            tree = before
        }
    }
}
