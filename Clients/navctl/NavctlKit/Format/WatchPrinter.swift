public import NavClient
internal import NavProtocol
internal import NavigationCore
internal import NavJSON

/// Turns navd's notifications into `watch` output: one line per revision
/// (`r2 nav.route by navctl: …`), or each notification as one JSON line; counts revisions
/// for `--count`.
public struct WatchPrinter {
    public let json: Bool
    public let limit: Int?
    public private(set) var seen = 0
    public private(set) var sawShutdown = false

    public init(json: Bool, limit: Int?) {
        self.json = json
        self.limit = limit
    }

    public var isDone: Bool { limit.map { seen >= $0 } ?? false }

    /// The lines for one notification (stopping at the limit).
    public mutating func lines(for notification: ServerNotification) -> [String] {
        let decoded: NavNotification
        do {
            decoded = try NavNotification(notification)
        } catch {
            return ["\(notification.method) that does not have its documented shape (\(error)): \(JSONWriter.string(notification.params))"]
        }
        switch decoded {
        case .navChanged(let view):
            return changed(view, notification)
        case .daemonShutdown(let reason):
            sawShutdown = true
            if json { return [Self.message(notification)] }
            return ["navd is shutting down (\(reason ?? "no reason given"))"]
        case .eventsDropped(let events, let reason):
            if json { return [Self.message(notification)] }
            return ["navd stopped asking this connection about \(events.joined(separator: ", ")) (\(reason))"]
        case .other:
            return [json ? Self.message(notification) : "\(notification.method) \(JSONWriter.string(notification.params))"]
        }
    }

    private mutating func changed(_ view: NavChangedView, _ notification: ServerNotification) -> [String] {
        if json {
            seen += view.changes.count
            return [Self.message(notification)]
        }
        var lines: [String] = []
        if view.truncated {
            lines.append("(revisions \(view.baseRevision + 1)…\(view.revision) came together; the oldest were left out)")
        }
        for change in view.changes where !isDone {
            lines.append(EventText.watchLine(change))
            seen += 1
        }
        return lines
    }

    /// The notification as navd sent it: one JSON-RPC message, without its newline.
    static func message(_ notification: ServerNotification) -> String {
        var line: [UInt8] = []
        RPCEncoder.request(id: nil, method: notification.method, params: notification.params, into: &line)
        return String(decoding: line.dropLast(), as: UTF8.self)
    }
}
