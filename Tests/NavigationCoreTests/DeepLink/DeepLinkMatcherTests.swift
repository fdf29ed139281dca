import Testing
@testable import NavigationCore

@Suite struct DeepLinkMatcherTests {
    private typealias F = DeepLinkFixtures

    private func pattern(_ expansion: String, of source: String? = nil) throws -> PathPattern {
        try #require(PathPattern.expand(source ?? expansion).first { $0.expansion == expansion })
    }

    private func best(_ matcher: DeepLinkMatcher, _ path: String) -> DeepLinkMatch? {
        matcher.match(F.segments(path)).best
    }

    @Test func sampleAppMatches() throws {
        let m = F.sampleMatcher
        #expect(best(m, "/users/42/photos") == DeepLinkMatch(
            screen: "profile", pattern: try pattern("/users/:userId/:section", of: "/users/:userId(/:section)"),
            params: ["userId": 42, "section": "photos"]))
        #expect(best(m, "/users/42")?.params == ["userId": 42])
        #expect(best(m, "/chats/c9/messages/4")?.params == ["chatId": "c9", "messageId": 4])
        #expect(best(m, "/settings/account")?.screen == "account")
        #expect(best(m, "/feed")?.params == [:])
        #expect(best(m, "/users/42/videos") == nil)
        #expect(best(m, "/Feed") == nil)
        #expect(best(m, "/") == nil)
    }

    @Test func routesAreEveryExpansionInDefinitionOrder() {
        #expect(F.sampleMatcher.routes.map { "\($0.screen) \($0.pattern.expansion)" } == [
            "feedList /feed", "post /posts/:postId", "friendsList /friends", "profile /users/:userId/:section",
            "profile /users/:userId", "chatList /chats", "chat /chats/:chatId",
            "message /chats/:chatId/messages/:messageId", "settingsHome /settings", "account /settings/account",
            "loginForm /login",
        ])
    }

    // MARK: - Best-match rules, each decided against definition order

    @Test func mostLiteralsWins() throws {
        let m = try F.matcher([("generic", "/:a/:b"), ("specific", "/x/:b"), ("exact", "/x/y")])
        #expect(best(m, "/x/y")?.screen == "exact")
        #expect(best(m, "/x/z")?.screen == "specific")
        #expect(best(m, "/w/z")?.screen == "generic")
        #expect(m.match(F.segments("/x/y")).candidates.map(\.screen) == ["exact", "specific", "generic"])
    }

    /// Between patterns without a wildcard, more literals always means fewer captures, so this
    /// rule decides only against a wildcard, which counts as one capture.
    @Test func fewestCapturesWins() throws {
        let m = try F.matcher([("pair", "/a/:x/:y"), ("rest", "/a/*rest")])
        #expect(best(m, "/a/b/c") == DeepLinkMatch(screen: "rest", pattern: try pattern("/a/*rest"), params: ["rest": "b/c"]))
        #expect(m.match(F.segments("/a/b/c")).candidates.map(\.screen) == ["rest", "pair"])
    }

    @Test func noWildcardWins() throws {
        let m = try F.matcher([("rest", "/a/*rest"), ("one", "/a/:x")])
        #expect(best(m, "/a/b")?.screen == "one")
        #expect(best(m, "/a/b/c")?.screen == "rest")
        #expect(best(m, "/a") == nil)
    }

    @Test func definitionOrderBreaksTies() throws {
        let screens = try F.matcher([("first", "/p/:id"), ("second", "/p/:slug")])
        #expect(best(screens, "/p/1") == DeepLinkMatch(screen: "first", pattern: try pattern("/p/:id"), params: ["id": "1"]))
        // Within a screen, expansion order: /x/:a (index 1) before /x/:b (index 2).
        let expansions = try F.matcher([("x", "/x(/:a)(/:b)")])
        #expect(best(expansions, "/x/v")?.params == ["a": "v"])
        // Screen order comes before expansion order: /r/:a is expansion 2 of the first screen.
        let both = try F.matcher([("first", "/r(/l)(/:a)"), ("second", "/r/:b")])
        #expect(best(both, "/r/v") == DeepLinkMatch(
            screen: "first", pattern: try pattern("/r/:a", of: "/r(/l)(/:a)"), params: ["a": "v"]))
    }

    // MARK: - Types

    @Test func typedCaptureFailureFallsThroughToTheNextPattern() throws {
        let m = try F.matcher(
            [("post", "/posts/:postId"), ("postBySlug", "/posts/:slug")],
            params: ["post": [ParamDefinition(name: "postId", type: .int)]])
        #expect(best(m, "/posts/42") == DeepLinkMatch(screen: "post", pattern: try pattern("/posts/:postId"), params: ["postId": 42]))
        #expect(m.match(F.segments("/posts/abc")) == DeepLinkMatchResult(
            best: DeepLinkMatch(screen: "postBySlug", pattern: try pattern("/posts/:slug"), params: ["slug": "abc"]),
            candidates: [
                DeepLinkCandidate(screen: "post", pattern: try pattern("/posts/:postId"), rejected: "postId: 'abc' is not an int"),
                DeepLinkCandidate(screen: "postBySlug", pattern: try pattern("/posts/:slug")),
            ]))
    }

    @Test func typedFailureFallsThroughAcrossTrieBranches() throws {
        let m = try F.matcher(
            [("post", "/posts/:postId"), ("page", "/:section/:slug")],
            params: ["post": [ParamDefinition(name: "postId", type: .int)]])
        #expect(best(m, "/posts/7")?.screen == "post")
        #expect(best(m, "/posts/abc") == DeepLinkMatch(
            screen: "page", pattern: try pattern("/:section/:slug"), params: ["section": "posts", "slug": "abc"]))
    }

    @Test func everyTypeConvertsAndRejectionsSayWhy() throws {
        let params = [ParamDefinition(name: "i", type: .int), ParamDefinition(name: "d", type: .double),
                      ParamDefinition(name: "b", type: .bool), ParamDefinition(name: "e", type: .enumeration(["on", "off"]))]
        let m = try F.matcher([("t", "/t/:i/:d/:b/:e/:s")], params: ["t": params])
        #expect(best(m, "/t/-3/2.5/1/off/x")?.params == ["i": -3, "d": 2.5, "b": true, "e": "off", "s": "x"])
        for (path, reason) in [("/t/x/2.5/true/on/s", "i: 'x' is not an int"), ("/t/1/nan/true/on/s", "d: 'nan' is not a double"),
                               ("/t/1/2/yes/on/s", "b: 'yes' is not a bool"), ("/t/1/2/true/up/s", "e: 'up' is not one of on, off")] {
            let result = m.match(F.segments(path))
            #expect(result.best == nil)
            #expect(result.candidates.map(\.rejected) == [reason])
        }
    }

    // MARK: - Wildcard and root

    @Test func wildcardTakesTheRestJoinedWithSlashes() throws {
        let m = try F.matcher(
            [("file", "/files/*path"), ("count", "/n/*num")],
            params: ["count": [ParamDefinition(name: "num", type: .int)]])
        let segments = try DeepLinkURL.parse("/files/a/b%2Fc/d", schemes: [], hosts: []).segments
        #expect(m.match(segments).best?.params == ["path": "a/b/c/d"])
        #expect(best(m, "/files/x")?.params == ["path": "x"])
        #expect(best(m, "/files") == nil)
        #expect(best(m, "/n/5")?.params == ["num": 5])
        #expect(m.match(F.segments("/n/5/6")).candidates.map(\.rejected) == ["num: '5/6' is not an int"])
    }

    @Test func rootPatternMatchesOnlyTheEmptyPath() throws {
        let m = try F.matcher([("home", "/"), ("feed", "/feed")])
        #expect(best(m, "/") == DeepLinkMatch(screen: "home", pattern: try pattern("/"), params: [:]))
        #expect(best(m, "/feed")?.screen == "feed")
        #expect(best(m, "/other") == nil)
    }

    @Test func bestMatchAgreesWithMatch() {
        for path in ["/users/42/photos", "/users/x", "/chats/c9", "/posts/abc", "/"] {
            #expect(F.sampleMatcher.bestMatch(F.segments(path)[...]) == F.sampleMatcher.match(F.segments(path)).best)
        }
    }

    @Test func invalidPatternFailsTheBuild() {
        #expect(throws: PathPatternError(pattern: "/a(/b", message: "unclosed '('")) { try F.matcher([("a", "/a(/b")]) }
    }

    // MARK: - Nearest

    @Test func nearestListsRoutesBelowTheDeepestNodeReached() {
        let m = F.sampleMatcher
        func nearest(_ path: String, limit: Int = 5) -> [String] {
            m.nearest(F.segments(path), limit: limit).map { "\($0.screen) \($0.pattern.expansion)" }
        }
        #expect(nearest("/chats/c9/nope") == ["chat /chats/:chatId", "message /chats/:chatId/messages/:messageId"])
        #expect(nearest("/users/abc/videos/x") == ["profile /users/:userId/:section"])
        #expect(nearest("/settings/nope") == ["settingsHome /settings", "account /settings/account"])
        #expect(nearest("/nope") == ["feedList /feed", "post /posts/:postId", "friendsList /friends",
                                     "profile /users/:userId/:section", "profile /users/:userId"])
        #expect(nearest("/nope", limit: 2) == ["feedList /feed", "post /posts/:postId"])
        #expect(nearest("/nope", limit: 100).count == m.routes.count)
        #expect(nearest("/nope", limit: 0) == [])
    }
}
