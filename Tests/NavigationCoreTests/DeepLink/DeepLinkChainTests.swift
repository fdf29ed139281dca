import Testing
@testable import NavigationCore
@testable import NavJSON

@Suite struct DeepLinkChainTests {
    private typealias F = DeepLinkFixtures

    private func chain(_ path: String, _ matcher: DeepLinkMatcher = F.sampleMatcher) -> [String] {
        matcher.chain(for: F.segments(path)).map { "\($0.screen)\(JSONValue.object($0.params))" }
    }

    @Test func messageLinkOpensListChatMessage() throws {
        let message = try PathPattern.expand("/chats/:chatId/messages/:messageId")[0]
        let chain = F.sampleMatcher.chain(for: ["chats", "c9", "messages", "4"])
        #expect(chain == [
            DeepLinkMatch(screen: "chatList", pattern: try PathPattern.expand("/chats")[0], params: [:]),
            DeepLinkMatch(screen: "chat", pattern: try PathPattern.expand("/chats/:chatId")[0], params: ["chatId": "c9"]),
            DeepLinkMatch(screen: "message", pattern: message, params: ["chatId": "c9", "messageId": 4]),
        ])
    }

    @Test func consecutiveMatchesOfOneScreenKeepTheLongest() {
        #expect(chain("/users/42/photos") == [#"profile{"userId":42,"section":"photos"}"#])
        #expect(chain("/users/42") == [#"profile{"userId":42}"#])
    }

    @Test func prefixesThatMatchNothingAreSkipped() {
        #expect(chain("/settings/account") == ["settingsHome{}", "account{}"])
        #expect(chain("/posts/5") == [#"post{"postId":5}"#])
    }

    @Test func emptyWhenTheFullPathDoesNotMatch() {
        #expect(chain("/chats/c9/messages") == [])
        #expect(chain("/chats/c9/messages/x") == [])
        #expect(chain("/nope") == [])
        #expect(chain("/") == [])
    }

    @Test func wildcardAndRootChains() throws {
        let m = try F.matcher([("home", "/"), ("files", "/files"), ("file", "/files/*path")])
        #expect(chain("/files/a/b", m) == ["files{}", #"file{"path":"a/b"}"#])
        #expect(chain("/", m) == ["home{}"])
        #expect(chain("/files", m) == ["files{}"])
    }

    @Test func sameScreenSeparatedByAnotherIsKept() throws {
        let m = try F.matcher([("a", "/x"), ("b", "/x/:y"), ("a2", "/x/:y/z")])
        let n = try F.matcher([("a", "/x(/:y/z)"), ("b", "/x/:y")])
        #expect(chain("/x/1/z", m) == ["a{}", #"b{"y":"1"}"#, #"a2{"y":"1"}"#])
        #expect(chain("/x/1/z", n) == ["a{}", #"b{"y":"1"}"#, #"a{"y":"1"}"#])
    }
}
