import NavJSON
/// What the navigator records as operations edit the tree: the undo log and what was added
/// and removed, from which a transaction's events and results are derived. Emptied after each
/// operation but kept with its capacity, so that recording the few entries of an operation
/// allocates nothing.
struct NavigatorRecords {
    struct Exit {
        var node: ScreenNode
        var via: EventVia?
    }

    /// Where the records stand: a transaction's start, or the start of one step of an
    /// `apply`. Events and results are derived from the records after a mark.
    struct Mark {
        var edits: Int
        var screens: Int
        var exits: Int
        var flows: Int
        var removedFlows: Int
        var selections: Int
        /// The top screen then; `nil` before the boot built anything.
        var top: ScreenID?
    }

    /// The inverse of every edit of the tree, in order.
    var edits: [TreeEdit] = []
    /// Added screens in the order they were added (bottom-most first), and the transition
    /// that brought each (same index).
    var madeScreens: [ScreenID] = []
    var enterVias: [EventVia?] = []
    /// Removed screens, top-most first within each removal, in the order removals happened.
    var exits: [Exit] = []
    /// Flow instances made and removed (with what they were), in order, so that deriving
    /// events looks at what changed instead of comparing every flow of two trees.
    var madeFlows: [FlowID] = []
    var removedFlows: [FlowNode] = []
    /// Tabs flows whose `selected` was set (possibly to the same tab, possibly twice), with
    /// the index selected before.
    var selections: [(flow: FlowID, previous: Int)] = []
    /// `flow.finish` results by flow instance.
    var finishResults: [FlowID: JSONValue] = [:]

    /// The undo of every edit in the log, for a revision (`TreeUndo(taking:)`).
    mutating func takeUndo() -> TreeUndo {
        TreeUndo(taking: &edits)
    }

    /// Empties every record, keeping the capacity. An operation records a few entries, and
    /// popping them one by one (specialized, in line) costs less than `removeLast(count)` or
    /// `removeAll(keepingCapacity:)`, which go through generic range replacement.
    mutating func clear() {
        Self.empty(&edits)
        Self.empty(&madeScreens)
        Self.empty(&enterVias)
        Self.empty(&exits)
        Self.empty(&madeFlows)
        Self.empty(&removedFlows)
        Self.empty(&selections)
        if !finishResults.isEmpty { finishResults.removeAll(keepingCapacity: true) }
    }

    @inline(__always)
    static func empty<Element>(_ records: inout [Element]) {
        while !records.isEmpty { records.removeLast() }
    }
}
