import Testing
@testable import NavigationCore

@Suite struct DeepLinkPathPatternTests {
    private func expansions(_ pattern: String) throws -> [String] {
        try PathPattern.expand(pattern).map(\.expansion)
    }

    @Test func optionalGroupExpandsFullestFirst() throws {
        let patterns = try PathPattern.expand("/users/:userId(/:section)")
        #expect(patterns == [
            PathPattern(segments: [.literal("users"), .capture("userId"), .capture("section")], source: "/users/:userId(/:section)"),
            PathPattern(segments: [.literal("users"), .capture("userId")], source: "/users/:userId(/:section)"),
        ])
        #expect(patterns.map(\.expansion) == ["/users/:userId/:section", "/users/:userId"])
    }

    @Test func nestedAndSequentialGroups() throws {
        #expect(try expansions("/a(/b(/:c))") == ["/a/b/:c", "/a/b", "/a"])
        // Equal segment counts keep group order, included before left out.
        #expect(try expansions("/a(/b)(/c)") == ["/a/b/c", "/a/b", "/a/c", "/a"])
        #expect(try expansions("/a(/b)(/c/d)") == ["/a/b/c/d", "/a/c/d", "/a/b", "/a"])
        #expect(try expansions("/a(/b(/c)(/d))/e") == ["/a/b/c/d/e", "/a/b/c/e", "/a/b/d/e", "/a/b/e", "/a/e"])
        #expect(try expansions("/a(/b)(/b)") == ["/a/b/b", "/a/b", "/a"])
    }

    @Test func rootIsZeroSegments() throws {
        let root = try PathPattern.expand("/")
        #expect(root == [PathPattern(segments: [], source: "/")])
        #expect(root[0].expansion == "/")
        #expect(root[0].shapeKey == "/")
    }

    @Test func countsAndShapeKey() throws {
        let pattern = try #require(PathPattern.expand("/users/:userId/photos/*rest").first)
        #expect(pattern.literalCount == 2)
        #expect(pattern.captureCount == 2)
        #expect(pattern.hasWildcard)
        #expect(pattern.captureNames == ["userId", "rest"])
        #expect(pattern.shapeKey == "/users/:/photos/*")
        let plain = try #require(PathPattern.expand("/chats/:chatId").first)
        #expect((plain.literalCount, plain.captureCount, plain.hasWildcard) == (1, 1, false))
        #expect(plain.shapeKey == (try PathPattern.expand("/chats/:other").first?.shapeKey))
    }

    @Test func prefixKeepsTheFirstSegments() throws {
        let pattern = try #require(PathPattern.expand("/chats/:chatId/files/*rest").first)
        #expect(pattern.prefix(2) == PathPattern(segments: [.literal("chats"), .capture("chatId")], source: pattern.source))
        #expect(pattern.prefix(2).expansion == "/chats/:chatId")
        #expect(pattern.prefix(0).expansion == "/")
    }

    @Test func wildcardInsideFinalGroup() throws {
        #expect(try expansions("/files(/*path)") == ["/files/*path", "/files"])
    }

    @Test func literalsArePercentDecodedAndWrittenBackEncoded() throws {
        let cafe = try #require(PathPattern.expand("/caf%C3%A9/a%2Fb").first)
        #expect(cafe.segments == [.literal("café"), .literal("a/b")])
        #expect(cafe.expansion == "/caf%C3%A9/a%2Fb")
        let colon = try #require(PathPattern.expand("/%3Ax/a:b/%2A").first)
        #expect(colon.segments == [.literal(":x"), .literal("a:b"), .literal("*")])
        #expect(colon.expansion == "/%3Ax/a:b/%2A")
        #expect(try PathPattern.expand(colon.expansion).first?.segments == colon.segments)
    }

    @Test(arguments: [
        ("", "a pattern must start with '/'"),
        ("users/:id", "a pattern must start with '/'"),
        ("(/a)", "a pattern must start with '/'"),
        ("/a//b", "empty segment"),
        ("/a/", "empty segment"),
        ("/a(/)", "empty segment"),
        ("/(/a)", "empty segment"),
        ("/a(b)", "an optional group must start with '/'"),
        ("/a()", "an optional group must start with '/'"),
        ("/a(/b", "unclosed '('"),
        ("/a(/b(/c)", "unclosed '('"),
        ("/a(/b)c", "a segment must start with '/'"),
        ("/a)", "unmatched ')'"),
        ("/a(/b))", "unmatched ')'"),
        ("/*rest/a", "'*rest' must be the last segment"),
        ("/a(/*rest)(/b)", "'*rest' must be the last segment"),
        ("/a(/*rest)/b", "'*rest' must be the last segment"),
        ("/a/:", "invalid param name ''"),
        ("/a/:1x", "invalid param name '1x'"),
        ("/a/:x-y", "invalid param name 'x-y'"),
        ("/a/*", "invalid param name ''"),
        ("/:a/b/:a", "param 'a' appears twice"),
        ("/:a(/*a)", "param 'a' appears twice"),
        ("/a%zz", "invalid percent escape in 'a%zz'"),
        ("/a%C3", "invalid percent escape in 'a%C3'"),
        ("/a?b=1", "a literal may not contain '?' or '#' (write %3F, %23)"),
        ("/a(/b)(/c)(/d)(/e)(/f)(/g)(/h)", "more than 64 optional combinations"),
    ])
    func rejects(_ pattern: String, _ message: String) {
        #expect(throws: PathPatternError(pattern: pattern, message: message)) { try PathPattern.expand(pattern) }
    }

    @Test func allowsUpToTheExpansionLimit() throws {
        let six = (0..<6).map { "(/b\($0))" }.joined()
        #expect(try PathPattern.expand("/a" + six).count == 64)
        // The limit counts combinations before identical expansions are merged.
        #expect(try PathPattern.expand("/a" + String(repeating: "(/b)", count: 6)).count == 7)
    }

    @Test func errorDescriptionNamesThePattern() {
        #expect(PathPatternError(pattern: "/a(", message: "unclosed '('").description == "invalid path '/a(': unclosed '('")
    }
}
