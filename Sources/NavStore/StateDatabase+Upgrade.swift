import NavJSON
import NavigationCore

extension StateDatabase {
    /// Part of an upgrade from versions 1 to 3, inside its transaction: the `state` column of
    /// the newest row (`{instance, revision, ids, session}`, written in every commit's newest
    /// row) becomes what version 4 keeps instead: the id counters in that row's `nextFlow` and
    /// `nextScreen`, the instance and the session in `meta` (`StoreSchema`). The revision is
    /// the row's own. A table without rows gets the columns only; a newest row without a state
    /// that decodes makes the file `.unreadable`, and the transaction is rolled back.
    static func splitOldState(in connection: SQLiteConnection, path: String) throws(StoreError) {
        let old = try meta(StoreSchema.oldState, in: connection)
        try connection.execute(StoreSchema.addCounters)
        guard let old else { return }
        let state: JSONValue
        do {
            state = try StoredJSON.parse(old)
        } catch {
            throw StoreError(.unreadable, path: path, detail: "its saved state does not decode: \(error)")
        }
        guard let instance = state["instance"]?.stringValue, let nextFlow = state["ids"]?["nextFlow"]?.intValue,
            let nextScreen = state["ids"]?["nextScreen"]?.intValue
        else {
            throw StoreError(.unreadable, path: path, detail: "its saved state has no instance or id counters")
        }
        let counters = try connection.prepare(StoreSchema.setNewestCounters)
        try counters.bind(nextFlow, at: 1)
        try counters.bind(nextScreen, at: 2)
        try counters.run()
        let setMeta = try connection.prepare(StoreSchema.setMeta)
        for (key, value) in [("instance", Array(instance.utf8)), ("session", JSONBuffer.encode { JSONWriter.write(state["session"] ?? .null, into: &$0) })] {
            try setMeta.bind(key, at: 1)
            try setMeta.bind(value, at: 2)
            try setMeta.run()
        }
    }
}
