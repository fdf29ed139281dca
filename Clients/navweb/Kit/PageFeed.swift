internal import Synchronization

/// One open page's queue of messages (serialized JSON), bounded: a page that does not read
/// (a slow or a closed tab) never makes navweb hold more than `limit` messages for it, nor
/// waits for it. When the queue is full, what it held is dropped and replaced by the whole
/// current state, from which the changes after it chain again: the page is told to start
/// over instead of being waited for.
public final class PageFeed: Sendable {
    struct Inner {
        var queue: [String] = []
        var waiter: CheckedContinuation<String?, Never>?
        var closed = false
        var resyncs = 0
    }

    public let id: Int
    public let limit: Int
    private let inner = Mutex(Inner())

    init(id: Int, limit: Int) {
        self.id = id
        self.limit = limit
    }

    /// Queues `message`, or, when `limit` are already waiting, replaces them with `restart()`
    /// (the current state). Never waits.
    func push(_ message: String, restart: () -> String) {
        let waiter: CheckedContinuation<String?, Never>? = inner.withLock { inner in
            guard !inner.closed else { return nil }
            if let waiter = inner.waiter {
                inner.waiter = nil
                return waiter
            }
            if inner.queue.count >= limit {
                inner.queue = [restart()]
                inner.resyncs += 1
            } else {
                inner.queue.append(message)
            }
            return nil
        }
        waiter?.resume(returning: message)
    }

    /// The next message, waiting for one; nil once the feed is closed.
    public func next() async -> String? {
        await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let ready: String?? = inner.withLock { inner in
                if !inner.queue.isEmpty { return .some(inner.queue.removeFirst()) }
                if inner.closed { return .some(nil) }
                inner.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Ends the feed: a waiting `next` returns nil, and so does every later one.
    func close() {
        let waiter = inner.withLock { inner in
            inner.closed = true
            inner.queue = []
            defer { inner.waiter = nil }
            return inner.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Messages waiting to be read.
    public var queued: Int { inner.withLock { $0.queue.count } }

    /// How often the queue was full and replaced by the whole state.
    public var resyncs: Int { inner.withLock { $0.resyncs } }
}
