/// Why a string is not a deep link of this app (docs/deep-links.md URL forms).
public enum DeepLinkURLError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A well-formed URL whose scheme (or, for `http(s)://`, host) is not the app's; carries
    /// the scheme or host as written. Becomes `-32006 noRouteForURL`.
    case unknownSchemeOrHost(String)
    /// Not a URL navd can read: no scheme and no leading `/`, a bad percent escape, a control
    /// character. Carries the reason.
    case malformed(String)
    /// An `http://` URL of one of the app's hosts: web links are `https://` only (Android App
    /// Links and iOS universal links are verified over https and never open plain http).
    /// Carries the host as the definition spells it. Becomes `-32006 noRouteForURL`.
    case insecureWebLink(host: String)

    public var description: String {
        switch self {
        case .insecureWebLink(let host):
            return "http:// links are not opened: web links to \(host) are https:// only, as App Links and universal links are"
        case .unknownSchemeOrHost(let name): return "unknown scheme or host '\(name)'"
        case .malformed(let reason): return "malformed URL: \(reason)"
        }
    }
}
