import NavigationCore
import NavHistory
import NavJSON
#if canImport(Glibc)
import Glibc
#endif

/// Limits and facts about the daemon the server reports (docs/protocol.md daemon.info).
public struct ServerConfiguration: Sendable {
    public var maxLineBytes = 1 << 20
    public var maxBatch = 256
    public var maxDepth = 64
    /// The third oversized line closes the connection.
    public var maxOversizedLines = 3
    /// Changes listed in one coalesced notification; older ones are dropped (`truncated`).
    public var maxCoalescedChanges = 256
    /// What the changes listed in one coalesced notification may add up to
    /// (`ChangeRecord.listedBytes`); older ones are dropped (`truncated`). Without it a client
    /// whose revisions are big (large events) would make navd repeat them to every slow
    /// subscriber 256 times over.
    public var maxCoalescedBytes = 64 * 1024
    /// The longest `daemon.hello` name, in UTF-8 bytes: navd repeats the name in every
    /// notification of that client's revisions.
    public var maxClientNameBytes = 256
    public var version = "0.1.0"
    public var protocolVersion = "1"
    public var pid: Int32 = 0
    public var socketPath = ""
    public var stateDir: String? = nil
    /// The OpenRPC document `rpc.discover` returns.
    public var openRPC: JSONValue = .null
    /// Monotonic seconds, for `uptimeSeconds`.
    public var clock: @Sendable () -> Double = { 0 }
    /// How many revisions `history` keeps (`--history N`, at least 1).
    public var historyLimit = History.defaultLimit
    /// The bytes of entries one `nav.history` answer holds at most (always at least one
    /// entry): a longer page stops early, `more: true` (semantics.md 83).
    public var historyPageBytes = 4 << 20
    /// How long navd waits for a listener's answer to `event.handle`, in seconds of `clock`
    /// (`--listener-timeout`, milliseconds on the command line).
    public var listenerTimeout: Double = 1.0
    /// What the lines kept behind held `event.emit` calls may add up to across every
    /// connection, in bytes (each connection keeps at most 8 MiB). Past it a request is refused
    /// at once with `-32009 limitExceeded` (`data.what` `"keptRequests"`) and changes nothing.
    public var maxKeptBytes = 64 << 20
    /// Milliseconds since the Unix epoch: when a revision was made (`HistoryEntry.at`).
    /// Injected so that tests are deterministic.
    public var now: @Sendable () -> Int = ServerConfiguration.wallClockMilliseconds

    /// The system's real-time clock, in milliseconds since the Unix epoch.
    public static let wallClockMilliseconds: @Sendable () -> Int = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time.tv_sec * 1000 + time.tv_nsec / 1_000_000
    }

    public init() {}
}
