extension UVTransport {
    /// Limits of docs/protocol.md; the defaults are the daemon's.
    public struct Configuration: Sendable, Hashable {
        /// Unsent bytes above this pause reading from the connection (`congested`).
        public var highWatermark: Int
        /// Unsent bytes below this resume it (`drained`).
        public var lowWatermark: Int
        /// A connection with more unsent bytes than this is closed (`tooFarBehind`) when more
        /// are queued for it: a backlog that keeps growing past the high watermark. One send
        /// of any size to a connection below it is queued whole (a big reply is delivered).
        public var maxQueuedBytes: Int
        /// No write progress for this long while bytes are queued closes the connection (`tooFarBehind`).
        public var stallTimeout: Duration
        /// Peers beyond this many open connections are accepted and closed at once (a `notice`).
        public var maxClients: Int
        /// Size of the one read buffer the loop reads every connection into.
        public var readBufferSize: Int
        /// Written to a peer refused for `maxClients` (without waiting: a new connection's
        /// socket buffer always takes a line) before it is closed; nothing if empty.
        public var tooManyClientsReply: [UInt8] = []
        /// Whether the delegate hears of each flush point (`transportWillFlush`). A delegate
        /// with nothing to do there (navd without a database) leaves it off: the hook costs a
        /// call on every loop iteration that wrote anything.
        public var reportsFlushPoints = false

        public init(
            highWatermark: Int = 256 * 1024,
            lowWatermark: Int = 64 * 1024,
            maxQueuedBytes: Int = 8 * 1024 * 1024,
            stallTimeout: Duration = .seconds(10),
            maxClients: Int = 1024,
            readBufferSize: Int = 64 * 1024
        ) {
            self.highWatermark = highWatermark
            self.lowWatermark = lowWatermark
            self.maxQueuedBytes = maxQueuedBytes
            self.stallTimeout = stallTimeout
            self.maxClients = maxClients
            self.readBufferSize = readBufferSize
        }

        /// Conditions without which flow control makes no sense; `UVTransport.init` checks them.
        var isConsistent: Bool {
            0 <= lowWatermark && lowWatermark <= highWatermark && highWatermark <= maxQueuedBytes
                && stallTimeout > .zero && maxClients > 0 && readBufferSize > 0
        }
    }
}
