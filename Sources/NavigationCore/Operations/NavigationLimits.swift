/// The limits of docs/protocol.md `limitExceeded`.
public struct NavigationLimits: Sendable, Hashable {
    public var screensPerStack: Int
    public var screensInTree: Int

    public init(screensPerStack: Int = 1_000, screensInTree: Int = 100_000) {
        self.screensPerStack = screensPerStack
        self.screensInTree = screensInTree
    }
}
