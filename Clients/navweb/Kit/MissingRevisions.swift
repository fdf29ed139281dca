public import NavClient
public import NavviewKit

/// The revisions navweb was not sent with their events, read back from navd's history: the
/// older changes of a coalesced `nav.changed` that navd left out (`truncated`), and those
/// made between the revision navweb showed and the state it fetched again (a gap, a
/// reconnection to the same navd). Pages get them in order before what follows, so that
/// every revision is shown, in order, with its cause and events.
public enum MissingRevisions {
    /// Entries asked for in one `nav.history` call: navd's most (each call follows navd's
    /// `more: true` pages itself).
    public static let callLimit = 1_000

    /// The lines of `revisions` (cause and events), oldest first, read with `nav.history`
    /// (`since` the revision before them, without trees) through `connection`. What the
    /// history no longer keeps, or a call that fails, is a warning line in its place: the
    /// tree a page shows is whole either way.
    public static func lines(_ revisions: ClosedRange<Int>, from connection: any NavConnection, timeout: Double = 10) -> [EventLine] {
        var lines: [EventLine] = []
        var next = revisions.lowerBound
        while next <= revisions.upperBound {
            let history: HistoryView
            do {
                history = try connection.history(
                    since: next - 1, limit: min(callLimit, revisions.upperBound - next + 1), tree: false, timeout: timeout)
            } catch {
                lines.append(.warning("the events of \(span(next...revisions.upperBound)) could not be read from navd's history (\(error)); the tree is whole"))
                return lines
            }
            let entries = history.entries.filter { $0.revision >= next && $0.revision <= revisions.upperBound }
            guard let first = entries.first, let last = entries.last else { break }
            if first.revision > next {
                lines.append(.warning("navd's history no longer keeps \(span(next...first.revision - 1)): their events are lost (the tree is whole)"))
            }
            for entry in entries { lines += EventLine.lines(entry) }
            next = last.revision + 1
        }
        if next <= revisions.upperBound {
            lines.append(.warning("navd's history does not hold \(span(next...revisions.upperBound)): their events are lost (the tree is whole)"))
        }
        return lines
    }

    static func span(_ revisions: ClosedRange<Int>) -> String {
        revisions.count == 1 ? "r\(revisions.lowerBound)" : "r\(revisions.lowerBound)–r\(revisions.upperBound)"
    }
}
