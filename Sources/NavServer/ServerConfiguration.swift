import NavigationCore

/// Limits and facts about the daemon the server reports (docs/protocol.md daemon.info).
public struct ServerConfiguration: Sendable {
    public var maxLineBytes = 1 << 20
    public var maxBatch = 256
    public var maxDepth = 64
    /// The third oversized line closes the connection.
    public var maxOversizedLines = 3
    /// Changes listed in one coalesced notification; older ones are dropped (`truncated`).
    public var maxCoalescedChanges = 256
    public var version = "0.1.0"
    public var protocolVersion = "1"
    public var pid: Int32 = 0
    public var socketPath = ""
    public var stateDir: String? = nil
    /// The OpenRPC document `rpc.discover` returns.
    public var openRPC: JSONValue = .null
    /// Monotonic seconds, for `uptimeSeconds`.
    public var clock: @Sendable () -> Double = { 0 }

    public init() {}
}
