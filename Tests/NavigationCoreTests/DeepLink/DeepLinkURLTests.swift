import Testing
@testable import NavigationCore
import NavRandom

@Suite struct DeepLinkURLTests {
    private let schemes = ["social"]
    private let hosts = ["social.example.com"]

    private func parse(_ url: String) throws(DeepLinkURLError) -> DeepLinkURL {
        try DeepLinkURL.parse(url, schemes: schemes, hosts: hosts)
    }

    @Test func schemeFormTakesTheHostAsFirstSegment() throws {
        #expect(try parse("social://users/42") == DeepLinkURL(form: .scheme("social"), segments: ["users", "42"], original: "social://users/42"))
        #expect(try parse("social:///users/42").segments == ["users", "42"])
        #expect(try parse("social://").segments == [])
    }

    @Test func schemeIsCaseInsensitivePathIsNot() throws {
        let url = try parse("SoCiAl://Users/42")
        #expect(url.form == .scheme("social"))
        #expect(url.segments == ["Users", "42"])
        #expect(url.original == "SoCiAl://Users/42")
    }

    @Test func hostForm() throws {
        #expect(try parse("https://social.example.com/users/42") == DeepLinkURL(
            form: .host("social.example.com"), segments: ["users", "42"], original: "https://social.example.com/users/42"))
        #expect(try parse("HTTPS://Social.Example.COM:8080/feed").form == .host("social.example.com"))
        #expect(try parse("https://social.example.com").segments == [])
    }

    /// Issue 11: `http://social.example.com/feed` was opened. Web links are https only (App
    /// Links and universal links are); an http link of the app's host is refused as such, and
    /// one of another host is still an unknown host.
    @Test(arguments: ["http://social.example.com/feed", "HTTP://Social.Example.COM:8080/feed", "http://social.example.com"])
    func httpLinksOfTheAppsHostAreRefused(_ url: String) {
        #expect(throws: DeepLinkURLError.insecureWebLink(host: "social.example.com")) { try parse(url) }
        #expect(DeepLinkURLError.insecureWebLink(host: "social.example.com").description
            == "http:// links are not opened: web links to social.example.com are https:// only, as App Links and universal links are")
        #expect(throws: DeepLinkURLError.unknownSchemeOrHost("elsewhere.example.com")) { try parse("http://elsewhere.example.com/feed") }
    }

    @Test func httpsIsASchemeWhenTheAppSaysSo() throws {
        let url = try DeepLinkURL.parse("https://users/42", schemes: ["https"], hosts: [])
        #expect(url.form == .scheme("https"))
        #expect(url.segments == ["users", "42"])
    }

    @Test func barePath() throws {
        #expect(try parse("/chats/c9") == DeepLinkURL(form: .path, segments: ["chats", "c9"], original: "/chats/c9"))
        #expect(try parse("/").segments == [])
    }

    @Test(arguments: [
        ("ftp://social.example.com/feed", "ftp"),
        ("mailto:someone", "mailto"),
        ("https://evil.example.com/users/42", "evil.example.com"),
        ("https://social.example.com@evil.example.com/feed", "social.example.com@evil.example.com"),
        ("https:///feed", ""),
        ("other://users/42", "other"),
    ])
    func unknownSchemeOrHost(_ url: String, _ name: String) {
        #expect(throws: DeepLinkURLError.unknownSchemeOrHost(name)) { try parse(url) }
    }

    @Test(arguments: [
        ("", "empty URL"),
        ("users/42", "expected SCHEME://…, https://HOST/… or /path"),
        ("1social://users", "expected SCHEME://…, https://HOST/… or /path"),
        ("social:users/42", "expected '//' after 'social:'"),
        ("https:social.example.com/feed", "expected '//' after 'https:'"),
        ("/users/4%2", "invalid percent escape in '4%2'"),
        ("/users/%zz", "invalid percent escape in '%zz'"),
        ("/users/%E9", "invalid percent escape in '%E9'"),
        ("/feed?q=%", "invalid percent escape in query item 'q=%'"),
        ("/feed\n", "control character"),
    ])
    func malformed(_ url: String, _ reason: String) {
        #expect(throws: DeepLinkURLError.malformed(reason)) { try parse(url) }
    }

    @Test func segmentsArePercentDecodedOneByOne() throws {
        #expect(try parse("/files/a%2Fb/caf%C3%A9/a+b/%20").segments == ["files", "a/b", "café", "a+b", " "])
        #expect(try parse("social://us%65rs/42").segments == ["users", "42"])
    }

    /// A combining mark after a delimiter forms one Character with it; the URL is cut on bytes.
    @Test func delimitersFollowedByCombiningMarksStillCut() throws {
        let url = try parse("/a/\u{301}b?q\u{301}=\u{301}#\u{301}")
        #expect(url.segments == ["a", "\u{301}b"])
        #expect(url.query.map(\.name) == ["q\u{301}"])
        #expect(url.query.map(\.value) == ["\u{301}"])
    }

    @Test func emptySegmentsAndTrailingSlashAreIgnored() throws {
        #expect(try parse("/users//42/").segments == ["users", "42"])
        #expect(try parse("social://users/42/").segments == ["users", "42"])
        #expect(try parse("https://social.example.com/users/42/").segments == ["users", "42"])
    }

    @Test func queryDecodesPlusAsSpaceAndIgnoresFragment() throws {
        let url = try parse("/search?q=a+b%2Bc&flag&x=%26%3D&=v&&q=2#top?y=1")
        #expect(url.segments == ["search"])
        #expect(url.query.map(\.name) == ["q", "flag", "x", "", "q"])
        #expect(url.query.map(\.value) == ["a b+c", "", "&=", "v", "2"])
        #expect(try parse("/feed#frag?q=1").query.isEmpty)
        #expect(try parse("/a/b#x/y").segments == ["a", "b"])
    }

    @Test func errorDescriptions() {
        #expect(DeepLinkURLError.unknownSchemeOrHost("ftp").description == "unknown scheme or host 'ftp'")
        #expect(DeepLinkURLError.malformed("empty URL").description == "malformed URL: empty URL")
    }
}

@Suite struct DeepLinkPercentEncodingTests {
    @Test func pathSegmentKeepsOnlyUnreservedAndSafeCharacters() {
        #expect(PercentEncoding.encodePathSegment("a/b?c#d%e f") == "a%2Fb%3Fc%23d%25e%20f")
        #expect(PercentEncoding.encodePathSegment("AZaz09-._~!$&'()*+,;=:@") == "AZaz09-._~!$&'()*+,;=:@")
        #expect(PercentEncoding.encodePathSegment("é😀") == "%C3%A9%F0%9F%98%80")
        #expect(PercentEncoding.encodePathSegment(".") == "%2E")
        #expect(PercentEncoding.encodePathSegment("..") == "%2E%2E")
        #expect(PercentEncoding.encodePathSegment("...") == "...")
    }

    @Test func queryComponentEncodesSeparatorsAndPlus() {
        #expect(PercentEncoding.encodeQueryComponent("a&b=c+d e/?#%") == "a%26b%3Dc%2Bd%20e/?%23%25")
    }

    @Test func authoritySegmentEncodesColonAndAt() {
        #expect(PercentEncoding.encodeAuthoritySegment("u:p@h/x") == "u%3Ap%40h%2Fx")
    }

    @Test func decodeRoundTripsEncode() {
        var rng = SplitMix64(seed: 7)
        let alphabet = Array("aZ09 -._~!$&'()*+,;=:@/?#%é😀\u{7F}")
        for _ in 0..<2_000 {
            let text = String((0..<Int.random(in: 0...12, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! })
            #expect(PercentEncoding.decode(PercentEncoding.encodePathSegment(text)) == text)
            #expect(PercentEncoding.decode(PercentEncoding.encodeQueryComponent(text), plusAsSpace: true) == text)
        }
    }

    @Test func decodeRejectsBadEscapesAndNonUTF8() {
        #expect(PercentEncoding.decode("%4") == nil)
        #expect(PercentEncoding.decode("%g0") == nil)
        #expect(PercentEncoding.decode("%FF") == nil)
        #expect(PercentEncoding.decode("%e2%82%ac+") == "€+")
        #expect(PercentEncoding.decode("a+b", plusAsSpace: true) == "a b")
    }
}
