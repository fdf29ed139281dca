import NavJSON
import NavigationCore

/// A tree as a history entry keeps it: a value, or its JSON, or a way to make that JSON when it
/// is asked for (a restored tree: `HistoryEntry.init(revision:at:cause:encodedEvents:rebuildingTree:)`).
/// One word where it is kept: most entries keep none.
indirect enum EntryTree: Sendable {
    case value(NavigationTree)
    case encoded([UInt8])
    case encodedOnDemand(@Sendable () -> [UInt8])

    /// The JSON; `nil` for a value.
    var bytes: [UInt8]? {
        switch self {
        case .value: return nil
        case .encoded(let bytes): return bytes
        case .encodedOnDemand(let make): return make()
        }
    }

    /// The tree, decoded when it is kept as JSON (a damaged one throws, naming `revision`).
    func tree(revision: Int) throws(TreeDecodingError) -> NavigationTree {
        if case .value(let tree) = self { return tree }
        return try NavigationTree(json: HistoryEntry.parse(bytes!, what: "tree", revision: revision))
    }
}
