import Testing
@testable import NavigationCore

@Suite struct PatternExpansionTests {
    private func expand(_ pattern: String) throws -> [String] {
        try PatternExpansion.expand(pattern).map(\.description)
    }

    @Test func expandsOptionalGroupsFullestFirst() throws {
        #expect(try expand("/feed") == ["/feed"])
        #expect(try expand("/") == ["/"])
        #expect(try expand("/users/:userId(/:section)") == ["/users/:userId/:section", "/users/:userId"])
        #expect(try expand("/a(/:x)(/:y)") == ["/a/:x/:y", "/a/:x", "/a/:y", "/a"])
        #expect(try expand("/a(/b(/c))/d") == ["/a/b/c/d", "/a/b/d", "/a/d"])
        #expect(try expand("/a(/b)(/c/d)") == ["/a/b/c/d", "/a/c/d", "/a/b", "/a"])
        #expect(try expand("/help(/*topic)") == ["/help/*topic", "/help"])
    }

    @Test func splitsSegmentsAndShapes() throws {
        let expansion = try #require(try PatternExpansion.expand("/chats/:chatId/files/*rest").first)
        #expect(expansion.segments == [.literal("chats"), .capture("chatId"), .literal("files"), .wildcard("rest")])
        #expect(expansion.shape == [.literal("chats"), .capture, .literal("files"), .wildcard])
        #expect(expansion.captureNames == ["chatId", "rest"])
        #expect(expansion.prefix(2).description == "/chats/:chatId")
        let other = try #require(try PatternExpansion.expand("/chats/:id/files/*path").first)
        #expect(other.shape == expansion.shape)
    }

    @Test(arguments: [
        ("feed", "a path must start with '/'"),
        ("/a(/b", "unbalanced '('"),
        ("/a)/b", "unbalanced ')'"),
        ("/a()", "empty optional group '()'"),
        ("/a/:", "empty capture name in '/a/:'"),
        ("/a(/*)", "empty capture name in '/a/*'"),
        ("/a//b", "empty segment in '/a//b'"),
        ("/a(/)", "empty segment in '/a/'"),
        ("/a/*rest/b", "'*rest' must be the last segment in '/a/*rest/b'"),
        ("/a(/*rest)/b", "'*rest' must be the last segment in '/a/*rest/b'"),
        ("/a/:x(/:x)", "capture name 'x' is used twice in '/a/:x/:x'"),
        ("/a" + String(repeating: "(/b)", count: 7), "more than 64 expansions of optional groups"),
    ])
    func rejectsInvalidSyntax(pattern: String, message: String) {
        #expect(throws: PatternSyntaxError(message)) { try PatternExpansion.expand(pattern) }
    }

    @Test func allowsUpToTheExpansionLimit() throws {
        #expect(try expand("/a" + String(repeating: "(/b)", count: 6)).count == 64)
    }
}
