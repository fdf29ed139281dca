import NavJSON
/// What a transaction records as it goes: the undo log and what was added and removed, from
/// which events and results are derived. The navigator keeps one between operations, emptied
/// but with its capacity, so that recording the few entries of an operation allocates nothing.
struct TransactionRecords {
    struct Exit {
        var node: ScreenNode
        var via: EventVia?
    }

    /// The inverse of every edit of the tree, in order.
    var edits: [TreeEdit] = []
    /// Removed screens, top-most first within each removal, in the order removals happened.
    var exits: [Exit] = []
    /// Added screens in the order they were added (bottom-most first), with the transition
    /// that brought each.
    var enters: [(screen: ScreenID, via: EventVia?)] = []
    /// `flow.finish` results by flow instance.
    var finishResults: [FlowID: JSONValue] = [:]
    /// Flow instances made and removed (with what they were), in order, so that deriving
    /// events looks at what changed instead of comparing every flow of two trees.
    var madeFlows: [FlowID] = []
    var removedFlows: [FlowNode] = []
    /// Tabs flows whose `selected` was set (possibly to the same tab, possibly twice), with
    /// the index selected before.
    var selections: [(flow: FlowID, previous: Int)] = []

    /// Empties every record, keeping the capacity. An operation records a few entries, and
    /// popping them one by one (specialized, in line) costs less than `removeLast(count)` or
    /// `removeAll(keepingCapacity:)`, which go through generic range replacement.
    mutating func clear() {
        Self.empty(&edits)
        Self.empty(&exits)
        Self.empty(&enters)
        if !finishResults.isEmpty { finishResults.removeAll(keepingCapacity: true) }
        Self.empty(&madeFlows)
        Self.empty(&removedFlows)
        Self.empty(&selections)
    }

    @inline(__always)
    private static func empty<Element>(_ records: inout [Element]) {
        while !records.isEmpty { records.removeLast() }
    }
}
