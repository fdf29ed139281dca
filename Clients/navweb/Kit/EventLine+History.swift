public import NavClient
public import NavviewKit

extension EventLine {
    /// A past revision as the event pane shows a live one: its cause, then its events, from
    /// `nav.history`'s entry (whose cause names navd itself, without a client, for navd's own
    /// revisions).
    public static func lines(_ entry: HistoryEntryView) -> [EventLine] {
        let cause = ChangeCauseView(
            method: entry.cause.method, client: entry.cause.client, clientID: entry.cause.clientID ?? "navd",
            event: entry.cause.event)
        return [.revision(entry.revision, cause: cause)] + entry.events.map(EventLine.event)
    }
}
