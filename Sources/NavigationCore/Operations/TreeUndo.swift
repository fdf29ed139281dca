/// How to make the tree before a revision out of the tree the revision made: the inverse of
/// the revision's edits (what the engine logs to roll an operation back), or the whole tree a
/// `goto` or `reset` replaced. The history keeps one per revision instead of each revision's
/// tree: a kept tree makes the navigator's next edit copy its own, and every dropped entry
/// free one, where an undo log holds only what the revision changed.
public struct TreeUndo: Sendable {
    private enum Storage: Sendable {
        /// A revision whose one edit added a screen (a push) or selected a tab, held in
        /// place: keeping it allocates nothing, dropping it frees nothing, and the navigator's
        /// log keeps its buffer for the next revision. Only edits that hold no reference: an
        /// edit holding a node (a pop's) would make every undo as large as a node, copied
        /// through a switch over every kind of edit wherever an undo is.
        case addedScreen(ScreenID)
        case selected(FlowID, previous: Int)
        case edits([TreeEdit])
        /// Boxed: inline, the tree made every undo as large as a tree's fields, copied and
        /// destroyed field by field for every revision the history keeps or drops; a `goto`
        /// or `reset`, which replaces the tree, is rare.
        indirect case replaced(NavigationTree)
    }

    private let storage: Storage

    /// The undo of the edits `log` holds: one held in place is copied out of it (the log
    /// keeps its buffer), others take its buffer whole (a copy would leave the buffer shared,
    /// and emptying the log would then copy every edit once more before destroying them).
    init(taking log: inout [TreeEdit]) {
        if let single = Self.inPlace(log) {
            storage = single
        } else {
            storage = .edits(log)
            log = []
        }
    }

    /// The storage in place of a log of one edit that holds no reference, read where the log
    /// holds it (a copy of the edit would go through its value witness).
    private static func inPlace(_ log: [TreeEdit]) -> Storage? {
        guard log.count == 1 else { return nil }
        return log.withUnsafeBufferPointer { edits -> Storage? in
            switch edits[0] {
            case .addedScreen(let id): return .addedScreen(id)
            case .selected(let flow, let previous): return .selected(flow, previous: previous)
            default: return nil
            }
        }
    }

    init(replacing tree: NavigationTree) {
        storage = .replaced(tree)
    }

    private init(_ storage: Storage) {
        self.storage = storage
    }

    /// A revision that left the tree as it was (one that changed only the session).
    public static let unchanged = TreeUndo(.edits([]))

    /// Calls `body` with the revision's edits, in the order it made them, where they lie; `nil`
    /// when it replaced the whole tree. Lent, not copied out: each edit copied (and destroyed)
    /// goes through its value witness, retaining and releasing the node a removal holds.
    func withEdits<R>(_ body: (UnsafeBufferPointer<TreeEdit>) -> R) -> R? {
        switch storage {
        case .addedScreen(let id):
            return withUnsafePointer(to: TreeEdit.addedScreen(id)) { body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .selected(let flow, let previous):
            return withUnsafePointer(to: TreeEdit.selected(flow, previous: previous)) { body(UnsafeBufferPointer(start: $0, count: 1)) }
        case .edits(let edits): return edits.withUnsafeBufferPointer(body)
        case .replaced: return nil
        }
    }

    /// The edits undone, what undoing costs (a replaced tree counts as none: it is kept whole
    /// already).
    public var editCount: Int {
        switch storage {
        case .addedScreen, .selected: return 1
        case .edits(let edits): return edits.count
        case .replaced: return 0
        }
    }

    /// Turns `tree`, the tree the revision made, into the tree before it.
    public func undo(_ tree: inout NavigationTree) {
        switch storage {
        case .addedScreen(let id):
            tree.undo(.addedScreen(id))
            tree.findTop()
        case .selected(let flow, let previous):
            tree.undo(.selected(flow, previous: previous))
            tree.findTop()
        case .edits(let edits):
            if !edits.isEmpty { tree.undo(edits) }
        case .replaced(let before):
            tree = before
        }
    }
}
