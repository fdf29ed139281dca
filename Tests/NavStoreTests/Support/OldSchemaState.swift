import NavJSON
import NavigationCore

extension Navigator {
    /// The state column of a schema-3 (or older) store, `{instance, revision, ids, session}`:
    /// what the upgrade tests write into the old databases they make. navd itself only reads
    /// that column now (`StateDatabase+Upgrade.swift`).
    func writeOldSchemaStateJSON(into out: inout JSONBuffer) {
        NavigatorSnapshot.writeJSON(
            instance: instance, revision: revision, ids: idCounters, session: { session.writeJSON(into: &$0) }, root: nil, into: &out)
    }
}
