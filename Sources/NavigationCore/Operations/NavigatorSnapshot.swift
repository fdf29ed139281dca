import NavJSON
/// Everything a navigator's state is: what a store keeps so that a restart continues where the
/// state was (the same instance, revision, tree and id counters: ids are never reused across
/// restarts either).
public struct NavigatorSnapshot: Sendable, Hashable {
    public var instance: String
    public var revision: Int
    public var tree: NavigationTree
    public var ids: SequentialIDs
    /// The session as `session.get` answers it (`{flags, pending}`); null in a snapshot saved
    /// before sessions existed.
    public var session: JSONValue

    public init(instance: String, revision: Int, tree: NavigationTree, ids: SequentialIDs, session: JSONValue = .null) {
        self.instance = instance
        self.revision = revision
        self.tree = tree
        self.ids = ids
        self.session = session
    }

    /// `{instance, revision, ids: {nextFlow, nextScreen}, session, root}`, as `writeJSON`
    /// writes it.
    public var jsonValue: JSONValue {
        let bytes = JSONBuffer.encode { out in
            Self.writeJSON(
                instance: instance, revision: revision, ids: ids, session: { JSONWriter.write(session, into: &$0) },
                root: { tree.writeJSON(into: &$0) }, into: &out)
        }
        do {
            return try JSONParser.parse(bytes, maxDepth: .max)
        } catch {
            preconditionFailure("navd: a snapshot's JSON does not read back: \(error)")
        }
    }

    /// The one writer of a snapshot's shape: `{"instance":…,"revision":…,"ids":{"nextFlow":…,
    /// "nextScreen":…},"session":…,"root":…}`, the session and the tree written by the
    /// closures given; without `root`, the state a store of schema 3 or older kept beside the
    /// tree of each commit (which navd now only reads, to upgrade it).
    public static func writeJSON(
        instance: String, revision: Int, ids: SequentialIDs, session: (inout JSONBuffer) -> Void,
        root: ((inout JSONBuffer) -> Void)?, into out: inout JSONBuffer
    ) {
        out.append(#"{"instance":"#)
        JSONWriter.writeString(instance, into: &out)
        out.append(#","revision":"#)
        out.append(decimal: revision)
        out.append(#","ids":{"nextFlow":"#)
        out.append(decimal: ids.nextFlow)
        out.append(#","nextScreen":"#)
        out.append(decimal: ids.nextScreen)
        out.append(#"},"session":"#)
        session(&out)
        if let root {
            out.append(#","root":"#)
            root(&out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `jsonValue` read back.
    public init(json: JSONValue) throws(TreeDecodingError) {
        func field(_ name: String) -> JSONValue? { json[name] }
        guard let instance = field("instance")?.stringValue else {
            throw TreeDecodingError(message: "invalid snapshot: 'instance' must be a string")
        }
        guard let revision = field("revision")?.intValue, revision >= 1 else {
            throw TreeDecodingError(message: "invalid snapshot: 'revision' must be an integer of at least 1")
        }
        guard let nextFlow = field("ids")?["nextFlow"]?.intValue, let nextScreen = field("ids")?["nextScreen"]?.intValue,
              nextFlow >= 0, nextScreen >= 0
        else {
            throw TreeDecodingError(message: "invalid snapshot: 'ids' must be {nextFlow, nextScreen} (integers)")
        }
        guard let root = field("root") else { throw TreeDecodingError(message: "invalid snapshot: 'root' is missing") }
        self.init(
            instance: instance, revision: revision, tree: try NavigationTree(json: root),
            ids: SequentialIDs(nextFlow: nextFlow, nextScreen: nextScreen), session: field("session") ?? .null)
    }
}

/// Why a snapshot cannot be restored as it is: what of its tree does not fit the definition
/// (one sentence each), or ids its counters would hand out again.
public struct NavigatorRestoreError: Error, Sendable, Hashable, CustomStringConvertible {
    public var problems: [String]
    public var description: String { "the saved tree does not fit the app definition: " + problems.joined(separator: "; ") }
}

extension Navigator {
    /// The state as a store keeps it.
    public var snapshot: NavigatorSnapshot {
        NavigatorSnapshot(instance: instance, revision: revision, tree: tree, ids: idCounters, session: session.jsonValue)
    }

    /// The id counters a store keeps: the navigator's own, or for another `IDSource` (tests)
    /// counters just past the tree's ids.
    public var idCounters: SequentialIDs {
        if let sequential = ids.asSequential { return sequential }
        var counters = SequentialIDs()
        counters.advance(past: tree)
        return counters
    }

    /// The navigator a snapshot was taken of, on `definition`: the same instance, revision,
    /// tree and id counters (`bootEvents` are empty: revision 1 is in the past). Throws
    /// `NavigatorRestoreError` listing what does not fit when the tree does not fit the
    /// definition, or the counters are behind the tree's ids; `NavigatorBootError` when the
    /// definition itself cannot boot.
    /// `requests` turns the session's pending request back into its operation (without it,
    /// or when it cannot, a pending request is not restored; the flags are).
    public init(
        restoring snapshot: NavigatorSnapshot, definition: AppDefinition, limits: NavigationLimits = NavigationLimits(),
        requests: RequestNaming? = nil
    ) throws {
        try self.init(installing: snapshot, definition: definition, limits: limits)
        self.requests = requests
        restoreSession(snapshot.session, requests: requests)
        var problems = tree.problems(fitting: definition, limits: limits)
        var past = snapshot.ids
        past.advance(past: snapshot.tree)
        if past != snapshot.ids {
            problems.append("the id counters (f\(snapshot.ids.nextFlow), s\(snapshot.ids.nextScreen)) would hand out ids the tree holds")
        }
        guard problems.isEmpty else { throw NavigatorRestoreError(problems: problems) }
        checkInvariants()
    }

    /// A snapshot whose tree does not fit `definition` (`init(restoring:)` refused it),
    /// replaced by the boot tree with fresh ids as the next revision (`daemon.migrate`): its
    /// result carries the events from the old tree to the new one. The instance stays, the id
    /// counters go on from the snapshot's (moved past its tree's ids).
    public static func migrating(
        _ snapshot: NavigatorSnapshot, definition: AppDefinition, limits: NavigationLimits = NavigationLimits(),
        requests: RequestNaming? = nil
    ) throws -> (navigator: Navigator, result: OperationResult) {
        var navigator = try Navigator(installing: snapshot, definition: definition, limits: limits)
        navigator.requests = requests
        navigator.restoreSession(snapshot.session, requests: nil)
        var ids = snapshot.ids
        ids.advance(past: snapshot.tree)
        navigator.ids = ids
        let result = try navigator.reset()
        return (navigator, result)
    }

    /// A navigator booted on `definition` whose state is then the snapshot's, unchecked.
    private init(installing snapshot: NavigatorSnapshot, definition: AppDefinition, limits: NavigationLimits) throws {
        try self.init(booting: definition, instance: snapshot.instance, ids: SequentialIDs(), limits: limits)
        tree = snapshot.tree
        ids = snapshot.ids
        revision = snapshot.revision
        bootEvents = []
    }
}
