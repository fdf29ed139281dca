import Testing
@testable import NavwebKit

@Suite struct AccessPolicyTests {
    let policy = AccessPolicy(token: "secret-token", cookieName: "navweb_x", hostNames: AccessPolicy.loopbackNames)

    @Test func theTokenInTheURLIsAllowedAndSetsTheCookie() {
        #expect(policy.decide(host: "127.0.0.1:8080", origin: nil, queryToken: "secret-token", cookieToken: nil) == .allow(setCookie: true))
    }

    @Test func theCookieAloneIsAllowed() {
        #expect(policy.decide(host: "localhost:8080", origin: nil, queryToken: nil, cookieToken: "secret-token") == .allow(setCookie: false))
    }

    @Test(arguments: [
        (nil as String?, nil as String?), ("wrong", nil), (nil, "wrong"), ("", ""), ("secret-toke", nil), ("secret-tokenX", nil),
    ])
    func noValidTokenIsRefused(query: String?, cookie: String?) {
        guard case .deny(let reason) = policy.decide(host: "127.0.0.1:1", origin: nil, queryToken: query, cookieToken: cookie) else {
            Issue.record("allowed without a valid token")
            return
        }
        #expect(reason.contains("token"))
    }

    /// DNS rebinding: a name of the attacker's that resolves to 127.0.0.1 is in Host.
    @Test(arguments: ["evil.example:8080", "evil.example", "127.0.0.2:8080", "", "localhost:80:80", "[::1", "localhost:port"])
    func anotherHostIsRefusedEvenWithTheToken(host: String) {
        guard case .deny = policy.decide(host: host, origin: nil, queryToken: "secret-token", cookieToken: "secret-token") else {
            Issue.record("allowed host \(host)")
            return
        }
    }

    @Test func noHostIsRefused() {
        #expect(policy.decide(host: nil, origin: nil, queryToken: "secret-token", cookieToken: nil) == .deny(reason: "the request names no host"))
    }

    @Test(arguments: ["127.0.0.1:8080", "LOCALHOST:8080", "[::1]:8080", "localhost"])
    func theLoopbackNamesAreAllowed(host: String) {
        #expect(policy.decide(host: host, origin: nil, queryToken: nil, cookieToken: "secret-token") == .allow(setCookie: false))
    }

    @Test func theSameOriginIsAllowed() {
        #expect(policy.decide(host: "127.0.0.1:8080", origin: "http://127.0.0.1:8080", queryToken: nil, cookieToken: "secret-token") == .allow(setCookie: false))
    }

    /// A page of another site (or a sandboxed one, "null") sending the browser's cookie along.
    @Test(arguments: ["http://evil.example", "http://127.0.0.1:9999", "https://127.0.0.1:8080", "null", "http://localhost:8080"])
    func anotherOriginIsRefused(origin: String) {
        guard case .deny(let reason) = policy.decide(host: "127.0.0.1:8080", origin: origin, queryToken: nil, cookieToken: "secret-token") else {
            Issue.record("allowed origin \(origin)")
            return
        }
        #expect(reason.contains("origin"))
    }

    @Test func aListenAddressIsAllowedWhenGiven() {
        let wide = AccessPolicy(token: "t", cookieName: "c", hostNames: AccessPolicy.loopbackNames.union(["192.0.2.7"]))
        #expect(wide.decide(host: "192.0.2.7:8080", origin: nil, queryToken: "t", cookieToken: nil) == .allow(setCookie: true))
        #expect(policy.decide(host: "192.0.2.7:8080", origin: nil, queryToken: "secret-token", cookieToken: nil) != .allow(setCookie: true))
    }

    @Test func tokensAreFreshAndLong() {
        let a = AccessPolicy.randomToken(), b = AccessPolicy.randomToken()
        #expect(a != b)
        #expect(a.count == 48)
        #expect(a.allSatisfy { "0123456789abcdef".contains($0) })
    }
}
