public import NavClient
internal import NavigationCore

/// Events as one line: `willHide s1 feedList, enter s5 post postId=5 (push via zoom), willShow s5 post`.
public enum EventText {
    public static func line(_ events: [NavEventView]) -> String {
        events.map(segment).joined(separator: ", ")
    }

    public static func segment(_ event: NavEventView) -> String {
        let kind = event.kind.rawValue
        switch event.kind {
        case .willHide, .willShow:
            return "\(kind) \(event.screen ?? "?") \(event.name ?? "?")"
        case .enter, .exit:
            let screen = ParamText.named("\(event.screen ?? "?") \(event.name ?? "?")", event.params)
            return "\(kind) \(screen)" + (event.via.map { " " + TransitionText.event($0) } ?? "")
        case .flowStarted:
            return [kind, event.flow ?? "?", event.name].compactMap { $0 }.joined(separator: " ")
        case .flowFinished:
            let base = [kind, event.flow ?? "?", event.name].compactMap { $0 }.joined(separator: " ")
            guard let result = event.result, !result.isNull else { return base }
            return "\(base) result=\(ParamText.value(result))"
        case .tabSelected:
            return "\(kind) \(event.flow ?? "?") \(event.name ?? event.tab.map(String.init) ?? "?")"
        case .pendingHeld:
            return "\(kind) \(event.method ?? "?"): \(event.name ?? "?") waits for \(event.guardName ?? "?")"
        case .pendingDropped:
            return "\(kind) \(event.method ?? "?") (\(event.reason ?? "?"))"
        }
    }

    /// One `watch` line per revision: `r2 nav.route by navctl: willHide s1 feedList, …`.
    public static func watchLine(_ change: ChangeView) -> String {
        let head = change.cause.event.map { "r\(change.revision) " + $0.line(who: change.cause.who) }
            ?? "r\(change.revision) \(change.cause.method) by \(change.cause.who)"
        guard let events = change.events else { return head }
        return events.isEmpty ? "\(head): no events" : "\(head): \(line(events))"
    }
}
