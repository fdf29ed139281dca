import NavJSON
/// One deep-link route: a screen and one expansion of its pattern.
public struct DeepLinkRoute: Sendable, Hashable {
    public var screen: String
    public var pattern: PathPattern

    public init(screen: String, pattern: PathPattern) {
        self.screen = screen
        self.pattern = pattern
    }
}

/// A path matched to a screen, with the captured values converted to the declared param types.
public struct DeepLinkMatch: Sendable, Hashable {
    public var screen: String
    public var pattern: PathPattern
    /// Captured params in path order, typed (a capture whose param is not declared is a string).
    public var params: JSONObject

    public init(screen: String, pattern: PathPattern, params: JSONObject) {
        self.screen = screen
        self.pattern = pattern
        self.params = params
    }
}

/// A route whose shape matched the path, kept to explain a result: either it matched
/// (`rejected == nil`) or a captured value did not convert (`"postId: 'abc' is not an int"`).
public struct DeepLinkCandidate: Sendable, Hashable {
    public var screen: String
    public var pattern: PathPattern
    public var rejected: String?

    public init(screen: String, pattern: PathPattern, rejected: String? = nil) {
        self.screen = screen
        self.pattern = pattern
        self.rejected = rejected
    }
}

/// The outcome of matching one path.
public struct DeepLinkMatchResult: Sendable, Hashable {
    /// The best match by docs/deep-links.md (most literals, fewest captures, no wildcard, definition
    /// order), or `nil` if no route matched.
    public var best: DeepLinkMatch?
    /// Every route whose shape matched, best-ranked first, the rejected ones included.
    public var candidates: [DeepLinkCandidate]

    public init(best: DeepLinkMatch?, candidates: [DeepLinkCandidate]) {
        self.best = best
        self.candidates = candidates
    }
}
