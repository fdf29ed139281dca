import Testing
@testable import NavigationCore
@testable import NavHistory
@testable import NavJSON
import NavTestSupport

/// The bounded history: newest last, the oldest dropped when full, found by revision.
@Suite struct HistoryTests {
    func entry(_ revision: Int, tree: NavigationTree = sampleNavigator().tree) -> HistoryEntry {
        HistoryEntry(revision: revision, at: 1_000 + revision, cause: HistoryCause(method: "nav.route"), events: [], tree: tree)
    }

    @Test func keepsTheLastLimitEntries() {
        var history = History(limit: 3)
        #expect(history.oldest == nil && history.latest == nil && history.entries(limit: 10).isEmpty)
        for revision in 1...7 { history.append(entry(revision)) }
        #expect(history.count == 3 && history.oldest == 5 && history.latest == 7)
        #expect(history.entries(limit: 100).map(\.revision) == [5, 6, 7])
        #expect(history.entries(limit: 2).map(\.revision) == [6, 7])
        #expect(history.entry(revision: 4) == nil)
        #expect(history.entry(revision: 6)?.at == 1_006)
        #expect(history.entry(revision: 8) == nil)
    }

    @Test func sinceReadsForwardPageByPage() {
        var history = History(limit: 10)
        for revision in 1...8 { history.append(entry(revision)) }
        #expect(history.entries(since: 2, limit: 3).map(\.revision) == [3, 4, 5])
        #expect(history.entries(since: 5, limit: 3).map(\.revision) == [6, 7, 8])
        #expect(history.entries(since: 8, limit: 3).isEmpty)
        #expect(history.entries(since: 0, limit: 100).map(\.revision) == Array(1...8))
        #expect(history.entries(since: -5, limit: 0).isEmpty)
    }

    /// A revision a client sends is any Int: at either end it is simply not kept (`Int.min`
    /// trapped in the search, which looked for the first entry after `revision - 1`).
    @Test func revisionsAtEitherEndOfIntAreNotKept() throws {
        var history = History(limit: 10)
        for revision in 1...8 { history.append(entry(revision)) }
        let current = sampleNavigator().tree
        for revision in [Int.min, Int.min + 1, -1, 0, 9, Int.max - 1, Int.max] {
            #expect(history.entry(revision: revision) == nil)
            #expect(try history.tree(of: revision, current: current) == nil)
        }
        #expect(history.entry(revision: 1)?.revision == 1 && history.entry(revision: 8)?.revision == 8)
        #expect(history.entries(since: Int.max, limit: 5).isEmpty)
        #expect(history.entries(since: Int.max - 1, limit: Int.max).isEmpty)
        #expect(history.entries(since: 6, limit: Int.max).map(\.revision) == [7, 8])
        #expect(history.entries(limit: Int.max).map(\.revision) == Array(1...8))
        #expect(history.entries(limit: Int.min).isEmpty)
    }

    @Test func aLimitOfOneKeepsTheNewest() {
        var history = History(limit: 1)
        for revision in 1...4 { history.append(entry(revision)) }
        #expect(history.entries(limit: 5).map(\.revision) == [4])
        #expect(history.oldest == 4 && history.latest == 4)
    }

    /// An entry as a store keeps it comes back equal, tree and events included; the wire
    /// shape leaves the tree out unless asked.
    /// A restored entry holds its events and tree as stored and decodes them when asked: it
    /// equals the entry that was stored, answers the same JSON, and a damaged one throws only
    /// when its tree or events are read.
    @Test func anEntryReadBackFromItsStoredBytesDecodesWhenAsked() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        let cause = HistoryCause(method: "nav.route", params: ["to": "profile", "params": ["userId": 3]], client: "tester", clientID: "c2")
        let original = HistoryEntry(revision: result.revision, at: 7, cause: cause, events: result.events, tree: nav.tree)
        let stored = HistoryEntry(
            revision: result.revision, at: 7, cause: cause, encodedEvents: original.encodedEvents, rebuildingTree: { original.encodedTree! })
        #expect(stored == original)
        #expect(try stored.tree == nav.tree)
        #expect(try stored.events == result.events)
        #expect(try written(stored, includingTree: true) == written(original, includingTree: true))
        #expect(try written(stored, includingTree: false) == written(original, includingTree: false))

        let damaged = HistoryEntry(
            revision: result.revision, at: 7, cause: cause, encodedEvents: Array("[{".utf8), rebuildingTree: { Array("{}".utf8) })
        #expect(damaged.cause == cause)
        let treeError = #expect(throws: TreeDecodingError.self) { try damaged.tree }
        #expect(treeError != nil)
        let eventsError = #expect(throws: TreeDecodingError.self) { try damaged.events }
        #expect(eventsError?.message.hasPrefix("history entry \(result.revision): the stored JSON of its events is invalid") == true)
        #expect(throws: TreeDecodingError.self) { try written(damaged, includingTree: false) }
    }

    /// An entry is one record of bytes: the one the server writes (the cause from the method,
    /// the params as received and the client's members, then the events) says what an entry
    /// of the same cause and events says, and its cause and events read back from it, the
    /// cause with and without its params.
    @Test func theServersRecordReadsBackAsItsCauseAndEvents() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        let params = Array(#"{"to":"profile","params":{"userId":3}}"#.utf8)
        let members = HistoryCause.clientMembers(client: "tester", clientID: "c2")
            + HistoryCause.eventMembers(event: "userTapped", by: "c3", steps: Array("[]".utf8))
        var buffer = JSONBuffer(capacity: 8)
        buffer.append("left over from the revision before")
        var history = History(limit: 4)
        params.withUnsafeBufferPointer {
            history.append(
                revision: result.revision, at: 7, method: "nav.route", encodedParams: $0, members: members, events: result.events,
                undo: nav.lastUndo, keeping: nil, in: &buffer)
        }
        let written = history[0]
        let cause = HistoryCause(
            method: "nav.route", params: ["to": "profile", "params": ["userId": 3]], client: "tester", clientID: "c2",
            event: "userTapped", by: "c3", steps: .array([]))
        #expect(written == HistoryEntry(revision: result.revision, at: 7, cause: cause, events: result.events, undo: nav.lastUndo, keeping: nil))
        #expect(written.cause == cause)
        #expect(written.cause.bytes == buffer.bytes.prefix(cause.bytes.count).map { $0 })
        #expect(try written.events == result.events)
        #expect(written.encodedEvents == result.events.encodedJSON)
        #expect(JSONBuffer.encode { written.writeEventsJSON(into: &$0) } == result.events.encodedJSON)
        #expect(JSONBuffer.encode { written.writeCauseJSON(into: &$0) } == cause.bytes)
        #expect(JSONBuffer.encode { written.writeCauseJSONWithoutParams(into: &$0) } == JSONBuffer.encode { cause.writeJSONWithoutParams(into: &$0) })
        #expect(written.undo != nil && !written.keepsTree)
        // The newest record lent in place says what the entry copied out says.
        var lent: (revision: Int, cause: [UInt8], events: [UInt8], listed: [UInt8], listedCount: Int)?
        history.withNewestRecord { newest in
            lent = (
                newest.revision, Array(newest.cause), Array(newest.events), JSONBuffer.encode { newest.writeCauseJSONWithoutParams(into: &$0) },
                newest.causeCountWithoutParams
            )
        }
        #expect(lent?.revision == result.revision && lent?.cause == cause.bytes && lent?.events == result.events.encodedJSON)
        #expect(lent?.listed == JSONBuffer.encode { cause.writeJSONWithoutParams(into: &$0) } && lent?.listedCount == cause.countWithoutParams)
        var copied: [UInt8] = []
        written.withRecord { copied = Array($0.cause) + Array($0.events) }
        #expect(copied == cause.bytes + result.events.encodedJSON)
        // An entry without events is an empty array, not nothing.
        let quiet = HistoryEntry(revision: 1, at: 0, cause: .daemonStart, events: [], tree: nav.tree)
        #expect(quiet.encodedEvents == Array("[]".utf8) && quiet.cause == .daemonStart)
    }

    /// `nav.history`'s entry, as the direct writer writes it: the JSON of each part's value.
    private func written(_ entry: HistoryEntry, includingTree: Bool) throws(TreeDecodingError) -> [UInt8] {
        var out = JSONBuffer(capacity: 256)
        try entry.writeJSON(into: &out, includingTree: includingTree)
        return out.bytes
    }

    @Test func entriesRoundTripThroughJSON() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        let cause = HistoryCause(method: "nav.route", params: ["to": "profile", "params": ["userId": 3]], client: "tester", clientID: "c2")
        let original = HistoryEntry(revision: result.revision, at: 1_700_000_000_123, cause: cause, events: result.events, tree: nav.tree)
        let json = try JSONParser.parse(written(original, includingTree: true))
        #expect(json == [
            "revision": .int(result.revision), "at": 1_700_000_000_123, "cause": cause.jsonValue,
            "events": .array(result.events.map(\.jsonValue)), "root": nav.tree.jsonValue,
        ])
        #expect(try HistoryEntry(json: json) == original)
        let wire = try JSONParser.parse(written(original, includingTree: false))
        #expect(wire["root"] == nil)
        #expect(JSONWriter.string(wire["cause"]!) == #"{"method":"nav.route","params":{"to":"profile","params":{"userId":3}},"client":"tester","clientId":"c2"}"#)
        #expect(wire["at"] == .int(1_700_000_000_123))
        #expect(HistoryCause.daemonStart.jsonValue == ["method": "daemon.start", "params": [:], "client": .null, "clientId": .null])
        #expect(throws: TreeDecodingError.self) { try HistoryEntry(json: wire) }
    }

    /// A cause is written one way (to the store, and read back for `nav.history`): every field,
    /// an event's too, and text that needs escaping come back equal.
    @Test func causesRoundTripThroughTheirJSON() throws {
        let causes = [
            HistoryCause.daemonStart,
            HistoryCause.daemonMigrate(problems: ["screen \"gone\" is not in the definition"]),
            HistoryCause(method: "nav.route", params: ["to": "compose", "params": ["draft": "a \"quoted\"\n draft ✓", "n": 1.5]], client: "t\u{1}", clientID: "c9"),
            HistoryCause(
                method: "event.emit", params: ["event": "logout", "payload": [:]], client: nil, clientID: "c2", event: "logout", by: "c3",
                steps: [["method": "nav.dismissAll", "params": [:]]]),
        ]
        for cause in causes {
            let written = JSONBuffer.encode { cause.writeJSON(into: &$0) }
            #expect(try JSONParser.parse(written) == cause.jsonValue)
            #expect(try HistoryCause(stored: written) == cause)
            // `nav.changed` lists the same bytes without the params.
            let listed = JSONBuffer.encode { cause.writeJSONWithoutParams(into: &$0) }
            var expected = cause.jsonValue.objectValue!
            expected["params"] = nil
            #expect(try JSONParser.parse(listed) == .object(expected))
            #expect(listed.count == cause.countWithoutParams)
        }
        // A stored cause is kept as it is; its params are found wherever they stand.
        let reordered = Array(#"{"params":{"a":1},"method":"nav.close","client":null,"clientId":"c1"}"#.utf8)
        let stored = try HistoryCause(stored: reordered)
        #expect(stored.bytes == reordered)
        #expect(JSONBuffer.encode { stored.writeJSONWithoutParams(into: &$0) } == Array(#"{"method":"nav.close","client":null,"clientId":"c1"}"#.utf8))
        for bad in [#"{"method":1,"params":{}}"#, #"{"method":"m","params":[]}"#, #"{"method":"m"}"#, #"{"method":"m","params":{},"by":2}"#, "nope"] {
            #expect(throws: TreeDecodingError.self, "\(bad)") { try HistoryCause(stored: Array(bad.utf8)) }
        }
        let event = causes[3].jsonValue
        #expect(event["event"] == "logout" && event["by"] == "c3" && event["client"] == .null)
    }
}

/// A tree's JSON read back, and checked against a definition.
@Suite struct TreeDecodingTests {
    /// Every shape: tabs, pushes with custom transitions, embedded flows in embedded flows,
    /// presented tabs, anonymous containers, fallbacks.
    @Test func treesRoundTrip() throws {
        var nav = try nestedNavigator()
        var trees = [nav.tree]
        for (method, params) in [
            ("nav.route", ["to": "wizard"]), ("nav.route", ["to": "extras"]), ("nav.route", ["to": "detail"]),
            ("nav.route", ["to": "browser"]), ("nav.route", ["to": "detail", "transition": "modal"]),
        ] as [(String, JSONValue)] {
            _ = try nav.call(method, params)
            trees.append(nav.tree)
        }
        var sample = sampleNavigator()
        for params in [
            ["to": "post", "params": ["postId": 1]], ["to": "profile", "params": ["userId": 3, "section": "photos"]],
            ["to": "chat", "params": ["chatId": "x"]],
        ] as [JSONValue] {
            _ = try sample.call("nav.route", params)
            trees.append(sample.tree)
        }
        var composing = sampleNavigator()
        for params in [["to": "compose"], ["to": "photoPicker"]] as [JSONValue] {
            _ = try composing.call("nav.route", params)
            trees.append(composing.tree)
        }
        for tree in trees {
            let text = JSONWriter.string(tree.jsonValue)
            let decoded = try NavigationTree(json: JSONParser.parse(text))
            #expect(decoded == tree, "\(text)")
            #expect(decoded.topScreen == tree.topScreen)
            let definition = tree.flows[tree.rootFlow]!.name == "main" ? AppDefinition.sample : nav.definition
            #expect(decoded.problems(fitting: definition) == [])
        }
    }

    @Test func brokenTreesAreRefusedWithWhere() throws {
        let tree = sampleNavigator().tree
        guard case .object(var root) = tree.jsonValue else { return }
        root["kind"] = "circle"
        #expect(throws: TreeDecodingError(message: #"invalid tree: 'root.kind' must be "stack", "tabs" or "single""#)) {
            try NavigationTree(json: .object(root))
        }
        root["kind"] = "tabs"
        root["selected"] = 9
        #expect(throws: TreeDecodingError(message: "invalid tree: 'root.selected' must be the index of one of its 4 tabs")) { try NavigationTree(json: .object(root)) }
        // The same screen twice.
        let text = JSONWriter.string(tree.jsonValue).replacingOccurrences(of: #""id":"s2""#, with: #""id":"s1""#)
        #expect(throws: TreeDecodingError(message: "invalid tree: 'root.tabs[0].screens[0].id' s1 appears twice")) {
            try NavigationTree(json: JSONParser.parse(text))
        }
    }

    /// A definition that changed under a saved tree: each thing that no longer fits, named.
    @Test func problemsNameWhatNoLongerFits() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        let changed = AppDefinition.sampleJSON
            .replacingOccurrences(of: #""post":         { "path": "/posts/:postId", "params": { "postId": { "type": "int" } },"#,
                                  with: #""article":      { "path": "/posts/:postId", "params": { "postId": { "type": "int" } },"#)
            .replacingOccurrences(of: #""routes": ["profile", "post"]"#, with: #""routes": ["profile", "article"]"#)
            .replacingOccurrences(of: #""routes": ["post", "profile", "compose"]"#, with: #""routes": ["article", "profile", "compose"]"#)
            .replacingOccurrences(of: #""routes": ["chat", "friendsList", "post", "profile"]"#, with: #""routes": ["chat", "friendsList", "article", "profile"]"#)
            .replacingOccurrences(of: #""userId":  { "type": "int" }"#, with: #""userId":  { "type": "string" }"#)
            .replacingOccurrences(of: #""to": "post""#, with: #""to": "article""#)
            .replacingOccurrences(of: #""userId": { "type": "int" }"#, with: #""userId": { "type": "string" }"#)
            .replacingOccurrences(of: #""zoom":  { "base": "push",  "animator": "zoom" }"#, with: #""zoomed":  { "base": "push",  "animator": "zoom" }"#)
            .replacingOccurrences(of: #""transition": "zoom" }"#, with: #""transition": "zoomed" }"#)
            .replacingOccurrences(of: #""tabs": ["feed", "friends", "chats", "settings"]"#, with: #""tabs": ["feed", "friends", "chats"]"#)
        let definition = try AppDefinition.load(json: changed).definition
        #expect(nav.tree.problems(fitting: definition) == [
            "flow 'main' (f1) has the tabs [feed, friends, chats, settings], the app definition's are [feed, friends, chats]",
            "screen s5 was opened by the transition 'zoom', which is not in the app definition",
            "screen 'post' (s5 in f2) is not in the app definition",
            "screen 'profile' (s6 in f6): invalid param 'userId' of profile: expected string, got integer",
        ])
        #expect(throws: NavigatorRestoreError.self) { try Navigator(restoring: nav.snapshot, definition: definition) }
    }
}

/// The state a store keeps: the snapshot restores to the same navigator, ids go on.
@Suite struct SnapshotTests {
    @Test func snapshotRoundTripsAndRestores() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "compose"])
        _ = try nav.call("nav.route", ["to": "photoPicker"])
        let snapshot = nav.snapshot
        #expect(snapshot.ids == SequentialIDs(nextFlow: 8, nextScreen: 7))
        let text = JSONWriter.string(snapshot.jsonValue)
        let decoded = try NavigatorSnapshot(json: JSONParser.parse(text))
        #expect(decoded == snapshot)
        var restored = try Navigator(restoring: decoded, definition: .sample)
        #expect(restored.instance == nav.instance && restored.revision == 3 && restored.tree == nav.tree)
        #expect(restored.bootEvents.isEmpty)
        let next = try restored.call("nav.close")
        let same = try nav.call("nav.close")
        #expect(next == same)
        #expect(restored.snapshot == nav.snapshot)
    }

    /// Counters behind the tree would hand out an id the tree holds.
    @Test func countersBehindTheTreeAreRefused() throws {
        var snapshot = sampleNavigator().snapshot
        snapshot.ids = SequentialIDs(nextFlow: 2, nextScreen: 9)
        #expect(throws: NavigatorRestoreError(problems: ["the id counters (f2, s9) would hand out ids the tree holds"])) {
            try Navigator(restoring: snapshot, definition: .sample)
        }
    }

    /// A tree that does not fit is replaced by the boot tree as the next revision, the
    /// instance kept, the ids going on.
    @Test func migratingOpensTheBootTreeAsTheNextRevision() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        let nested = try nestedNavigator()
        let (migrated, result) = try Navigator.migrating(nav.snapshot, definition: nested.definition)
        #expect(migrated.instance == nav.instance && migrated.revision == 3 && result.revision == 3)
        #expect(sketch(migrated.tree) == "f6 start stack\n  s6 home <top")
        #expect(result.events.first == .willHide(ScreenRef(nav.tree.screens[ScreenID(5)]!)))
        #expect(result.events.last == .willShow(ScreenRef(migrated.tree.screens[ScreenID(6)]!)))
    }
}
