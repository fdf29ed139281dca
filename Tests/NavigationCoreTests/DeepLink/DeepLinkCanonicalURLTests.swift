import Foundation
import Testing
@testable import NavigationCore
@testable import NavJSON
import NavRandom

@Suite struct DeepLinkCanonicalURLTests {
    private typealias F = DeepLinkFixtures

    /// Screens beyond the sample app, so the round trip also covers doubles, bools, a
    /// wildcard, an empty optional capture, query-only params and the root path.
    static let extraScreens: [ScreenDefinition] = [
        ScreenDefinition(
            name: "place", path: "/places/:lat/:lon(/:zoom)",
            params: [ParamDefinition(name: "lat", type: .double), ParamDefinition(name: "lon", type: .double),
                     ParamDefinition(name: "zoom", type: .int, optional: true, defaultValue: 10)]),
        ScreenDefinition(
            name: "flag", path: "/flags/:name/:on",
            params: [ParamDefinition(name: "name", type: .string), ParamDefinition(name: "on", type: .bool)]),
        ScreenDefinition(name: "file", path: "/files/*path", params: [ParamDefinition(name: "path", type: .string)]),
        ScreenDefinition(
            name: "note", path: "/notes/:id(/:title)",
            params: [ParamDefinition(name: "id", type: .int), ParamDefinition(name: "title", type: .string, optional: true)]),
        ScreenDefinition(
            name: "search", path: "/search",
            params: [ParamDefinition(name: "q", type: .string), ParamDefinition(name: "page", type: .int, optional: true, defaultValue: 1),
                     ParamDefinition(name: "exact", type: .bool, optional: true),
                     ParamDefinition(name: "ratio", type: .double, optional: true),
                     ParamDefinition(name: "sort", type: .enumeration(["new", "top"]), optional: true)]),
        ScreenDefinition(name: "home", path: "/", params: [ParamDefinition(name: "tab", type: .string, optional: true)]),
    ]

    static let app = F.sampleApp(extraScreens: extraScreens)

    private func screen(_ name: String) throws -> ScreenDefinition {
        try #require(Self.app.screen(named: name))
    }

    private func path(_ name: String, _ params: JSONObject) throws -> String? {
        CanonicalURL.path(for: try screen(name), params: params)
    }

    private static func app(schemes: [String], hosts: [String]) -> AppDefinition {
        AppDefinition(app: "social", schemes: schemes, hosts: hosts, root: "main", flows: app.flows, screens: app.screens)
    }

    @Test func fillsTheFullestExpansionTheParamsAllow() throws {
        #expect(try path("profile", ["userId": 42, "section": "photos"]) == "/users/42/photos")
        #expect(try path("profile", ["userId": 42]) == "/users/42")
        #expect(try path("profile", ["section": "photos", "userId": 42, "ignored": true]) == "/users/42/photos")
        #expect(try path("profile", ["userId": 42, "section": nil]) == "/users/42")
        #expect(try path("message", ["messageId": 4, "chatId": "c9"]) == "/chats/c9/messages/4")
        #expect(try path("feedList", [:]) == "/feed")
        #expect(try path("home", [:]) == "/")
    }

    @Test func urlFormsFollowTheDefinition() throws {
        let profile = try screen("profile")
        let params: JSONObject = ["userId": 42, "section": "photos"]
        #expect(CanonicalURL.url(for: profile, params: params, definition: Self.app) == "social://users/42/photos")
        #expect(CanonicalURL.url(for: profile, params: params, definition: Self.app(schemes: [], hosts: ["social.example.com"]))
            == "https://social.example.com/users/42/photos")
        #expect(CanonicalURL.url(for: profile, params: params, definition: Self.app(schemes: [], hosts: [])) == "/users/42/photos")
        #expect(CanonicalURL.url(for: try screen("home"), params: ["tab": "x"], definition: Self.app) == "social://?tab=x")
    }

    @Test func valuesAreEncodedAndTheRestGoesToTheQuery() throws {
        #expect(try path("chat", ["chatId": "a b/c?d%é"]) == "/chats/a%20b%2Fc%3Fd%25%C3%A9")
        #expect(try path("chat", ["chatId": ".."]) == "/chats/%2E%2E")
        #expect(try path("file", ["path": "a b/c/d.txt"]) == "/files/a%20b/c/d.txt")
        #expect(try path("search", ["sort": "top", "q": "a&b=c+d", "page": 2]) == "/search?q=a%26b%3Dc%2Bd&page=2&sort=top")
        #expect(try path("note", ["id": 1, "title": ""]) == "/notes/1?title=")
        #expect(try path("post", ["postId": 5.0]) == "/posts/5")
        #expect(try path("place", ["lat": 1, "lon": -2.5]) == "/places/1.0/-2.5")
        let firstSegment = CanonicalURL.url(for: try screen("flag"), params: ["name": "a:b@c", "on": true], definition: Self.app)
        #expect(firstSegment == "social://flags/a:b@c/true")
    }

    @Test func nilWhenNoExpansionCanBeFilled() throws {
        #expect(try path("composePost", ["draft": "x"]) == nil)
        #expect(try path("chat", [:]) == nil)
        #expect(try path("chat", ["chatId": ""]) == nil)
        #expect(try path("post", ["postId": "x"]) == nil)
        #expect(try path("profile", ["userId": 42, "section": "videos"]) == nil)
        #expect(try path("file", ["path": "a//b"]) == nil)
        #expect(try path("file", ["path": "/a"]) == nil)
        #expect(try path("file", ["path": ""]) == nil)
        #expect(try path("search", ["q": ["not", "scalar"]]) == nil)
    }

    // MARK: - Round trip

    /// docs/deep-links.md: `deeplink(url(s))` yields `s`. For every screen with a path and random
    /// params, in all three URL forms: parse, match, read the query, fill defaults; compare.
    @Test func roundTripOverEveryScreenWithAPath() throws {
        let seed = testSeed("DeepLink canonical URL round trip")
        var rng = SplitMix64(seed: seed)
        let matcher = try DeepLinkMatcher(definition: Self.app)
        let definitions = [Self.app, Self.app(schemes: [], hosts: ["social.example.com"]), Self.app(schemes: [], hosts: [])]
        var checked = 0
        for _ in 0..<300 {
            for screen in Self.app.screens where screen.path != nil {
                let params = Self.randomParams(for: screen, using: &rng)
                for definition in definitions {
                    guard let url = CanonicalURL.url(for: screen, params: params, definition: definition) else {
                        Issue.record("seed \(seed): no URL for \(screen.name)\(JSONValue.object(params))")
                        continue
                    }
                    let parsed = try DeepLinkURL.parse(url, schemes: Self.app.schemes, hosts: Self.app.hosts)
                    let match = try #require(matcher.match(parsed.segments).best, "seed \(seed): \(url)")
                    let resolved = DeepLinkParams(captured: match.params, query: parsed.query, screen: screen)
                    #expect(match.screen == screen.name, "seed \(seed): \(url)")
                    #expect(resolved.ignored.isEmpty && resolved.invalid.isEmpty, "seed \(seed): \(url)")
                    #expect(Self.withDefaults(resolved.values, screen) == Self.withDefaults(params, screen), "seed \(seed): \(url)")
                    checked += 1
                }
            }
        }
        #expect(checked == 300 * 16 * 3)  // 10 sample screens with a path, 6 extra
    }

    private static func withDefaults(_ params: JSONObject, _ screen: ScreenDefinition) -> JSONObject {
        var filled = params
        for param in screen.params where filled[param.name] == nil { filled[param.name] = param.defaultValue }
        return filled
    }

    /// Values a URL can carry: a wildcard value gets no empty part (`a//b` has no URL).
    private static func randomParams(for screen: ScreenDefinition, using rng: inout SplitMix64) -> JSONObject {
        let wildcard = screen.path?.split(separator: "*").dropFirst().first.map(String.init)
        var params = JSONObject()
        for param in screen.params where !param.optional || Bool.random(using: &rng) {
            if param.name == wildcard {
                let parts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                    randomValue(.string, using: &rng).stringValue!.replacingOccurrences(of: "/", with: "_")
                }
                params[param.name] = .string(parts.joined(separator: "/"))
            } else {
                params[param.name] = randomValue(param.type, using: &rng)
            }
        }
        return params
    }

    private static let alphabet = Array("aZ09 /?%#&=+.~:@!'()*,;é😀\u{301}中-_")

    private static func randomValue(_ type: ParamType, using rng: inout SplitMix64) -> JSONValue {
        switch type {
        case .int:
            return .int([Int.min, Int.max, -1, 0, Int.random(in: -1_000...1_000, using: &rng), Int.random(in: .min ... .max, using: &rng)]
                .randomElement(using: &rng)!)
        case .double:
            var d = Double(bitPattern: rng.next())
            while !d.isFinite { d = Double(bitPattern: rng.next()) }
            return .double([d, -0.0, 0.1, -2.5, 1e-300, Double(Int.random(in: -99...99, using: &rng))].randomElement(using: &rng)!)
        case .bool:
            return .bool(Bool.random(using: &rng))
        case .enumeration(let values):
            return .string(values.randomElement(using: &rng)!)
        default:
            if Int.random(in: 0..<10, using: &rng) == 0 { return .string([".", "..", "a/b/c", " "].randomElement(using: &rng)!) }
            return .string(String((0..<Int.random(in: 1...8, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }))
        }
    }
}
