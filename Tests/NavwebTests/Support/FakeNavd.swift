import NavClient
import NavJSON
import NavigationCore

/// A navd for `NavdFollower` without a socket: the real engine makes each revision (its tree
/// and events), and the test decides what navd tells its subscriber: each change as it comes,
/// several coalesced, coalesced with the older ones left out (`truncated`, as navd does for a
/// subscriber that falls behind), or nothing (a gap). `nav.history` answers from every
/// revision made, in pages of `pageEntries` entries that say `more: true` (as navd's byte
/// bound cuts a page), keeping only the newest `keep`.
final class FakeNavd {
    var navigator = Navigator(definition: .sample, instance: "9f2c41d0")
    /// Revisions `nav.history` keeps.
    var keep = Int.max
    /// Entries in one `nav.history` page before it says `more: true`.
    var pageEntries = 3
    /// Every call the subscriber made, by method.
    private(set) var calls: [String] = []
    private var entries: [JSONValue] = []
    private var undelivered: [JSONValue] = []
    private var delivered: Int
    private var notifications: [ServerNotification] = []

    init() {
        delivered = navigator.revision
    }

    /// One change by another client: `nav.route` to a post, or `nav.close` when one is open
    /// (so that changes can go on for ever), each with its events.
    func change() throws {
        let top = try NavStateView(json: navigator.stateJSON).topScreen?.screen
        let (method, params): (String, JSONValue) = top == "post" ? ("nav.close", [:]) : ("nav.route", ["to": "post", "params": ["postId": .int(navigator.revision)]])
        let result = try navigator.perform(try NavOperation(method: method, params: params))
        let (revision, events) = (JSONValue.int(navigator.revision), result.jsonValue["events"] ?? [])
        undelivered.append(["revision": revision, "cause": ["method": .string(method), "client": "app", "clientId": "c2"], "events": events])
        entries.append([
            "revision": revision, "at": .int(1_700_000_000_000 + navigator.revision),
            "cause": ["method": .string(method), "params": params, "client": "app", "clientId": "c2"], "events": events,
        ])
    }

    /// The changes made since the last notification as one `nav.changed`; with `keepLast`,
    /// only the newest `keepLast` are listed and it says `truncated`.
    func notify(keepLast: Int? = nil) {
        var params: JSONObject = ["revision": .int(navigator.revision), "baseRevision": .int(delivered)]
        params["changes"] = .array(keepLast.map { Array(undelivered.suffix($0)) } ?? undelivered)
        if keepLast != nil { params["truncated"] = true }
        params["root"] = navigator.stateJSON["root"]
        notifications.append(ServerNotification(method: "nav.changed", params: .object(params)))
        undelivered = []
        delivered = navigator.revision
    }

    /// The changes made since the last notification are never told: the next one's
    /// `baseRevision` is not the revision the subscriber has.
    func lose() {
        undelivered = []
        delivered = navigator.revision
    }

    func connect() -> any NavConnection { Connection(navd: self) }

    fileprivate func call(_ method: String, _ params: JSONValue) throws(NavClientError) -> JSONValue {
        calls.append(method)
        switch method {
        case "nav.subscribe", "nav.state":
            delivered = navigator.revision
            undelivered = []
            return navigator.stateJSON
        case "nav.history":
            let kept = entries.suffix(keep)
            let since = params["since"]?.intValue ?? 0
            let limit = params["limit"]?.intValue ?? 100
            let after = kept.filter { ($0["revision"]?.intValue ?? 0) > since }
            let page = Array(after.prefix(min(limit, pageEntries)))
            var answer: JSONObject = [
                "entries": .array(page), "latest": .int(navigator.revision),
                "oldest": kept.first?["revision"] ?? .null,
            ]
            if page.count < min(limit, after.count) { answer["more"] = true }
            return .object(answer)
        default:
            throw .protocolViolation("the fake navd does not answer \(method)")
        }
    }

    fileprivate func nextNotification() -> ServerNotification? {
        notifications.isEmpty ? nil : notifications.removeFirst()
    }

    private final class Connection: NavConnection {
        let navd: FakeNavd
        init(navd: FakeNavd) { self.navd = navd }
        var socketPath: String { "/run/navweb-test/navd.sock" }
        var clientID: String? { "c1" }
        func call(_ method: String, _ params: JSONValue, timeout: Double?) throws(NavClientError) -> JSONValue {
            try navd.call(method, params)
        }
        func nextNotification(timeout: Double?) throws(NavClientError) -> ServerNotification? {
            navd.nextNotification()
        }
        func close() {}
    }
}
