/// Who may use navweb's page: a request must come with the token (in the URL's `token` query
/// the first time, then in the cookie navweb sets), name navweb by a host it answers to (a
/// page on another site whose name resolves to 127.0.0.1, DNS rebinding, names its own), and,
/// when the browser says where the request comes from (`Origin`), come from navweb's own page.
/// Pure: the middleware hands it the request's parts.
public struct AccessPolicy: Sendable {
    public enum Decision: Sendable, Hashable {
        /// Allowed; `setCookie` when the token came in the URL (the cookie carries it from now on).
        case allow(setCookie: Bool)
        /// Refused with 403; `reason` is what the response body says.
        case deny(reason: String)
    }

    /// The secret of this run (a URL-safe string).
    public let token: String
    /// The cookie that carries the token: one name per port, so that two navwebs on one host
    /// (cookies ignore ports) do not overwrite each other's.
    public let cookieName: String
    /// Host names (without the port) that a request may name: the loopback names, and the
    /// address given to `--listen`.
    public let hostNames: Set<String>

    public init(token: String, cookieName: String, hostNames: Set<String>) {
        self.token = token
        self.cookieName = cookieName
        self.hostNames = Set(hostNames.map { $0.lowercased() })
    }

    /// The loopback names every navweb answers to.
    public static let loopbackNames: Set<String> = ["127.0.0.1", "localhost", "[::1]"]

    /// `host`: the request's Host header (its authority); `origin`: its Origin header, if any;
    /// `queryToken`: the URL's `token`; `cookieToken`: the cookie's value.
    public func decide(host: String?, origin: String?, queryToken: String?, cookieToken: String?) -> Decision {
        guard let host, let name = Self.hostName(ofAuthority: host) else {
            return .deny(reason: "the request names no host")
        }
        guard hostNames.contains(name) else {
            return .deny(reason: "navweb does not answer to the host \(name)")
        }
        if let origin {
            // Same origin only: the page navweb served, under the host this request names
            // ("null", from a sandboxed frame or a file, is another origin too).
            guard origin.lowercased() == "http://" + host.lowercased() else {
                return .deny(reason: "requests from another origin (\(origin)) are refused")
            }
        }
        if let queryToken, Self.equal(queryToken, token) { return .allow(setCookie: true) }
        if let cookieToken, Self.equal(cookieToken, token) { return .allow(setCookie: false) }
        return .deny(reason: "no valid token: open the URL navweb printed (it ends with ?token=…)")
    }

    /// The name part of `host[:port]` or `[v6]:port`, lowercased; nil when it is malformed.
    static func hostName(ofAuthority authority: String) -> String? {
        let lower = authority.lowercased()
        if lower.hasPrefix("[") {
            guard let close = lower.firstIndex(of: "]") else { return nil }
            let rest = lower[lower.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && isPort(rest.dropFirst())) else { return nil }
            return String(lower[...close])
        }
        let parts = lower.split(separator: ":", omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty, parts.count <= 2 else { return nil }
        if parts.count == 2 && !isPort(parts[1]) { return nil }
        return String(name)
    }

    private static func isPort(_ text: Substring) -> Bool {
        !text.isEmpty && text.count <= 5 && text.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// Compares in time that does not depend on where the strings first differ.
    static func equal(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in x.indices { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// A fresh token: 24 random bytes as 48 hex digits, from the system's generator (on Linux,
    /// the kernel's getrandom: cryptographically secure).
    public static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<24).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        let digits = Array("0123456789abcdef")
        return String(bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }
}
