import NavJSON
/// One committed revision as the history keeps it: when (milliseconds since the Unix epoch,
/// from the server's clock), why, its events, and the tree it made current (a shared
/// copy-on-write value: keeping it copies nothing until the navigator edits its own).
public struct HistoryEntry: Sendable, Hashable {
    public var revision: Int
    public var at: Int
    public var cause: HistoryCause
    public var events: [NavEvent]
    public var tree: NavigationTree

    public init(revision: Int, at: Int, cause: HistoryCause, events: [NavEvent], tree: NavigationTree) {
        self.revision = revision
        self.at = at
        self.cause = cause
        self.events = events
        self.tree = tree
    }

    /// `{revision, at, cause, events, root?}`: `root` only when `includingTree` (what
    /// `nav.history {tree: true}` answers, and what a store keeps).
    public func jsonValue(includingTree: Bool) -> JSONValue {
        var object: JSONObject = [
            "revision": .int(revision), "at": .int(at), "cause": cause.jsonValue,
            "events": .array(events.map(\.jsonValue)),
        ]
        if includingTree { object["root"] = tree.jsonValue }
        return .object(object)
    }

    /// `jsonValue(includingTree: true)` read back; the tree is required.
    public init(json: JSONValue) throws(TreeDecodingError) {
        guard let revision = json["revision"]?.intValue, revision >= 1 else {
            throw TreeDecodingError(message: "invalid history entry: 'revision' must be an integer of at least 1")
        }
        guard let at = json["at"]?.intValue else { throw TreeDecodingError(message: "invalid history entry \(revision): 'at' must be an integer") }
        guard let cause = json["cause"] else { throw TreeDecodingError(message: "invalid history entry \(revision): 'cause' is missing") }
        guard case .array(let events)? = json["events"] else {
            throw TreeDecodingError(message: "invalid history entry \(revision): 'events' must be an array")
        }
        guard let root = json["root"] else { throw TreeDecodingError(message: "invalid history entry \(revision): 'root' is missing") }
        var decoded: [NavEvent] = []
        decoded.reserveCapacity(events.count)
        for event in events { decoded.append(try NavEvent(json: event)) }
        self.init(revision: revision, at: at, cause: try HistoryCause(json: cause), events: decoded, tree: try NavigationTree(json: root))
    }
}
