/// One operation's span over the navigator's state: where the records stood when it began,
/// and what the state was. It ends committed (its events and results derived from the records
/// since `start`) or rolled back: the undo log since `start` applied in reverse, after which
/// the revision, the numbers of screens and flows and the top screen are what they were when
/// it began, and the ids it drew are drawn again by the next operation. Every build checks
/// that, since a rollback that left anything behind would hand every client a state no
/// revision describes.
struct Transaction {
    let start: NavigatorRecords.Mark
    let revision: Int
    let screenCount: Int
    let flowCount: Int
    let ids: any IDSource
}

extension Navigator {
    /// Where the records stand now, and the top screen.
    func mark() -> NavigatorRecords.Mark {
        NavigatorRecords.Mark(
            edits: records.edits.count, screens: records.madeScreens.count, exits: records.exits.count,
            flows: records.madeFlows.count, removedFlows: records.removedFlows.count,
            selections: records.selections.count, top: tree.flows.isEmpty ? nil : tree.topScreen)
    }

    func begin() -> Transaction {
        Transaction(start: mark(), revision: revision, screenCount: tree.screens.count, flowCount: tree.flows.count, ids: ids)
    }

    /// Undoes every edit since the transaction began and checks that the state is again what
    /// it was.
    mutating func rollBack(_ transaction: Transaction) {
        tree.undo(records.edits, downTo: transaction.start.edits)
        ids = transaction.ids
        precondition(
            revision == transaction.revision && tree.screens.count == transaction.screenCount
                && tree.flows.count == transaction.flowCount && tree.topScreen == transaction.start.top,
            "navd: a rolled-back transaction left the state changed")
    }
}
