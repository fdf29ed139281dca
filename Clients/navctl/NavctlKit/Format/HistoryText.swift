public import NavClient
internal import NavigationCore
internal import NavJSON

/// `navctl history`: one line per revision, oldest first, in aligned columns: the revision,
/// the method with its params shortly, who made it, and its events shortly.
///
///     r2  nav.route to=post params={"postId":5}  navctl (c2)  3 events: enter s5 post postId=5 (push via zoom)
public enum HistoryText {
    /// How many characters of a cause's params are shown before an ellipsis.
    static let paramsWidth = 48
    /// How many events are named before the rest are only counted.
    static let namedEvents = 3

    public static func render(_ history: HistoryView) -> String {
        guard !history.entries.isEmpty else {
            let kept = history.oldest.map { "navd keeps r\($0)–r\(history.latest)" } ?? "navd keeps no history"
            return "no revisions in that range (\(kept))"
        }
        let rows = history.entries.map { ["r\($0.revision)", cause($0.cause), who($0.cause), events($0.events)] }
        var widths = [Int](repeating: 0, count: 3)
        for row in rows {
            for column in 0..<3 { widths[column] = max(widths[column], row[column].count) }
        }
        return rows.map { row in
            (0..<3).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }.joined(separator: "  ")
                + "  " + row[3]
        }.joined(separator: "\n")
    }

    /// `nav.route to=post params={"postId":5}`: the method, then its params as `name=value`
    /// (objects as compact JSON), cut to `paramsWidth` characters.
    public static func cause(_ cause: HistoryCauseView) -> String {
        guard !cause.params.isEmpty else { return cause.method }
        var params = ParamText.pairs(cause.params)
        if params.count > paramsWidth { params = String(params.prefix(paramsWidth - 1)) + "…" }
        return "\(cause.method) \(params)"
    }

    /// `navctl (c3)`, `c3` without a hello name, `navd` for navd's own revisions.
    public static func who(_ cause: HistoryCauseView) -> String {
        switch (cause.client, cause.clientID) {
        case (let name?, let id?): return "\(name) (\(id))"
        case (let name?, nil): return name
        case (nil, let id?): return id
        case (nil, nil): return "navd"
        }
    }

    /// `4 events: exit s5 post postId=5 (pop), tabSelected f1 chats`: the count, then the
    /// events that change what exists or is selected (not willHide / willShow), at most
    /// `namedEvents` of them.
    public static func events(_ events: [NavEventView]) -> String {
        guard !events.isEmpty else { return "no events" }
        let count = events.count == 1 ? "1 event" : "\(events.count) events"
        let named = events.filter { $0.kind != .willHide && $0.kind != .willShow }
        guard !named.isEmpty else { return count }
        var shown = named.prefix(namedEvents).map(EventText.segment).joined(separator: ", ")
        if named.count > namedEvents { shown += ", …" }
        return "\(count): \(shown)"
    }
}
