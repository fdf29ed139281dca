/// The limits `JSONRPC.decode` enforces (docs/protocol.md).
public struct RPCLimits: Sendable, Hashable {
    /// Deepest JSON nesting of a line; the batch array and the request object count as levels.
    public var maxDepth: Int
    /// Most entries in one batch.
    public var maxBatch: Int

    public init(maxDepth: Int = 64, maxBatch: Int = 256) {
        self.maxDepth = maxDepth
        self.maxBatch = maxBatch
    }
}
