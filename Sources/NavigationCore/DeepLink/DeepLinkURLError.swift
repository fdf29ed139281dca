/// Why a string is not a deep link of this app (docs/deep-links.md URL forms).
public enum DeepLinkURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A well-formed URL whose scheme (or, for `http(s)://`, host) is not the app's; carries
    /// the scheme or host as written. Becomes `-32006 noRouteForURL`.
    case unknownSchemeOrHost(String)
    /// Not a URL navd can read: no scheme and no leading `/`, a bad percent escape, a control
    /// character. Carries the reason.
    case malformed(String)

    public var description: String {
        switch self {
        case .unknownSchemeOrHost(let name): return "unknown scheme or host '\(name)'"
        case .malformed(let reason): return "malformed URL: \(reason)"
        }
    }
}
