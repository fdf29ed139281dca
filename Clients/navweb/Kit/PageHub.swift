public import NavJSON
internal import Synchronization

/// Fans navd's changes out to every open page: navweb's one subscription to navd publishes
/// here, in order, and each page reads its own bounded `PageFeed`. Publishing never waits for
/// a page. The hub also keeps the latest state (what a new page, a page that fell behind and
/// `GET /api/state` start from) and whether navd is connected.
public final class PageHub: Sendable {
    struct Inner {
        var latest: JSONObject?
        var connected = false
        var note = "connecting to navd"
        var feeds: [Int: PageFeed] = [:]
        var nextID = 0
        var published = 0
    }

    /// Messages one page may have waiting before it is made to start over.
    public let feedLimit: Int
    private let inner = Mutex(Inner())

    public init(feedLimit: Int = 256) {
        precondition(feedLimit >= 1)
        self.feedLimit = feedLimit
    }

    /// A new page's feed; its first message is the latest state (or the status while navd
    /// has not been reached yet).
    public func open() -> PageFeed {
        inner.withLock { inner in
            inner.nextID += 1
            let feed = PageFeed(id: inner.nextID, limit: feedLimit)
            inner.feeds[feed.id] = feed
            let first = Self.current(inner)
            feed.push(first) { first }
            return feed
        }
    }

    /// The page went away.
    public func close(_ feed: PageFeed) {
        inner.withLock { _ = $0.feeds.removeValue(forKey: feed.id) }
        feed.close()
    }

    /// A whole state: it becomes the latest, and every page gets it.
    public func publishState(_ state: JSONObject) {
        publish(state, latest: state)
    }

    /// A change: `state` is the whole state after it (the new latest), `change` what pages get.
    public func publishChange(_ change: JSONObject, state: JSONObject) {
        publish(change, latest: state)
    }

    /// navd connected or went away.
    public func publishStatus(connected: Bool, note: String) {
        inner.withLock { inner in
            inner.connected = connected
            inner.note = note
            let message = JSONWriter.string(.object(PageMessage.status(connected: connected, note: note)))
            deliver(message, inner: &inner)
        }
    }

    private func publish(_ message: JSONObject, latest: JSONObject) {
        inner.withLock { inner in
            inner.latest = latest
            inner.connected = true
            deliver(JSONWriter.string(.object(message)), inner: &inner)
        }
    }

    private func deliver(_ message: String, inner: inout Inner) {
        inner.published += 1
        let snapshot = inner
        for feed in inner.feeds.values {
            feed.push(message) { Self.current(snapshot) }
        }
    }

    /// The latest state with the link's status, as a page starts from it.
    public func current() -> String {
        inner.withLock { Self.current($0) }
    }

    private static func current(_ inner: Inner) -> String {
        guard var latest = inner.latest else {
            return JSONWriter.string(.object(PageMessage.status(connected: false, note: inner.note)))
        }
        latest["kind"] = "state"
        latest["connected"] = .bool(inner.connected)
        if !inner.connected { latest["note"] = .string(inner.note) }
        return JSONWriter.string(.object(latest))
    }

    /// Pages open now.
    public var pages: Int { inner.withLock { $0.feeds.count } }
}
