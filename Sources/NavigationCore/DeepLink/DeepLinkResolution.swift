/// What `Navigator.resolve` finds out about a URL without applying it.
public struct DeepLinkResolution: Sendable {
    public var url: String
    /// Its form, path segments and query.
    public var parsed: DeepLinkURL
    /// The best match of its whole path and the candidates that lost.
    public var match: DeepLinkMatchResult
    /// The chain and mode it would apply with, or the error applying it would answer.
    public var outcome: Result<DeepLinkOutcome, NavError>
}
