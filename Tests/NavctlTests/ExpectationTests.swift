import NavClient
@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// The assertions of scripts, checked against real trees: what passes, and the exact
/// `expected …, got …` of what fails.
@Suite("expect: top, stack, tab, revision")
struct ExpectationTests {
    static func state(_ operations: [(String, JSONValue)] = []) throws -> NavStateView {
        var navigator = Navigator(definition: .sample, instance: "9f2c41d0")
        for (method, params) in operations { _ = try navigator.perform(try NavOperation(method: method, params: params)) }
        return try NavStateView(json: navigator.stateJSON)
    }

    typealias Entry = StateExpectation.StackEntry

    @Test func top() throws {
        let state = try Self.state([("nav.route", ["to": "profile", "params": ["userId": 42]])])
        #expect(StateExpectation.top(Entry("profile")).check(state) == .passed("top profile"))
        #expect(StateExpectation.top(Entry("profile", ["userId": 42])).check(state) == .passed("top profile userId=42"))
        #expect(StateExpectation.top(Entry("profile", ["section": "posts", "userId": 42])).check(state)
            == .passed("top profile section=posts userId=42"))
        #expect(StateExpectation.top(Entry("profile", ["userId": 7])).check(state)
            == .failed(expected: "top profile userId=7", got: "profile userId=42 section=posts"))
        #expect(StateExpectation.top(Entry("post")).check(state) == .failed(expected: "top post", got: "profile userId=42 section=posts"))
    }

    @Test func visibleStackAndNamedFlows() throws {
        let state = try Self.state([
            ("nav.route", ["to": "post", "params": ["postId": 5]]),
            ("nav.route", ["to": "post", "params": ["postId": 6]]),
            ("nav.route", ["to": "profile", "params": ["userId": 1]]),
        ])
        #expect(StateExpectation.stack(flow: nil, [Entry("profile")]).check(state) == .passed("stack profile"))
        #expect(StateExpectation.stack(flow: "feed", [Entry("feedList"), Entry("post"), Entry("post", ["postId": 6])]).check(state)
            == .passed("stack feed: feedList > post > post postId=6"))
        #expect(StateExpectation.stack(flow: "feed", [Entry("feedList"), Entry("post")]).check(state)
            == .failed(expected: "stack feed: feedList > post", got: "feedList > post > post"))
        #expect(StateExpectation.stack(flow: "feed", [Entry("feedList"), Entry("post", ["postId": 6]), Entry("post")]).check(state)
            == .failed(expected: "stack feed: feedList > post postId=6 > post", got: "feedList > post postId=5 > post postId=6"))
        #expect(StateExpectation.stack(flow: "login", [Entry("loginForm")]).check(state)
            == .failed(expected: "stack login: loginForm", got: "no flow named login"))
        #expect(StateExpectation.stack(flow: "chats", [Entry("chatList")]).check(state) == .passed("stack chats: chatList"))
    }

    @Test func tabAndRevision() throws {
        let state = try Self.state([("nav.selectTab", ["tab": "chats"])])
        #expect(StateExpectation.tab("chats").check(state) == .passed("tab chats"))
        #expect(StateExpectation.tab("feed").check(state) == .failed(expected: "tab feed", got: "chats"))
        #expect(StateExpectation.revision(2).check(state) == .passed("revision 2"))
        #expect(StateExpectation.revision(1).check(state) == .failed(expected: "revision 1", got: "revision 2"))
    }

    @Test func stackWords() throws {
        #expect(try StackWords(["feedList", ">", "post"]) == StackWords(flow: nil, places: [.init(screen: "feedList", params: []), .init(screen: "post", params: [])]))
        #expect(try StackWords(["feed", "feedList>post", "postId=5"])
            == StackWords(flow: "feed", places: [.init(screen: "feedList", params: []), .init(screen: "post", params: ["postId=5"])]))
        #expect(try StackWords(["post", "postId=5"]) == StackWords(flow: nil, places: [.init(screen: "post", params: ["postId=5"])]))
        #expect(try StackWords(["feed", "feedList"]) == StackWords(flow: "feed", places: [.init(screen: "feedList", params: [])]))
        #expect(throws: StackWordsError(message: "a place of the stack is empty in 'feedList > > post'")) {
            try StackWords(["feedList", ">", ">", "post"])
        }
        #expect(throws: StackWordsError(message: "expect stack needs the screens, bottom first: A > B > C")) { try StackWords([]) }
    }
}

extension StackWords {
    init(flow: String?, places: [Place]) {
        self.init(unchecked: flow, places)
    }
}
