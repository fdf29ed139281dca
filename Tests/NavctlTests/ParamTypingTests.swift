@testable import NavctlKit
import NavigationCore
import Testing
import NavJSON

/// `name=value` words become typed params by the app definition; every refusal names the
/// param and what it expects.
@Suite("Params: name=value typed by the app definition")
struct ParamTypingTests {
    let typer = ParamTyper(definition: .sample)

    func typed(_ destination: String, _ words: [String]) throws -> JSONObject {
        let assignments = try Assignment.parse(words).get()
        return try typer.params(for: destination, assignments)
    }

    @Test func wordsSplitAtTheFirstEquals() throws {
        #expect(Assignment("userId=42") == Assignment(name: "userId", value: "42"))
        #expect(Assignment("q=a=b") == Assignment(name: "q", value: "a=b"))
        #expect(Assignment("draft=") == Assignment(name: "draft", value: ""))
        #expect(Assignment("userId") == nil)
        #expect(Assignment("=42") == nil)
        #expect(Assignment.parse(["a=1", "oops", "b=2"]) == .failure(AssignmentSyntaxError(word: "oops")))
        #expect(AssignmentSyntaxError(word: "oops").description == "expected name=value, got 'oops'")
    }

    @Test func valuesTakeTheDeclaredType() throws {
        #expect(try typed("profile", ["userId=42"]) == ["userId": 42])
        #expect(try typed("profile", ["userId=42"])["userId"] == .int(42))
        #expect(try typed("profile", ["section=photos", "userId=7"]) == ["section": "photos", "userId": 7])
        #expect(try typed("chat", ["chatId=42"])["chatId"] == .string("42"))
        #expect(try typed("message", ["chatId=c9", "messageId=4"]) == ["chatId": "c9", "messageId": 4])
        // A stack flow takes its root screen's params.
        #expect(try typed("compose", ["draft=two words"]) == ["draft": "two words"])
        // A destination the app does not have keeps strings: navd answers unknownDestination.
        #expect(try typed("nowhere", ["x=1"]) == ["x": "1"])
    }

    @Test func boolsAndDoubles() throws {
        let shop = try AppDefinition.load(json: """
            {"app": "t", "root": "s", "flows": {"s": {"kind": "stack", "root": "home"}},
             "screens": {"home": {"routes": ["a"]}, "a": {"params": {"on": {"type": "bool"}, "price": {"type": "double"}}}}}
            """).definition
        let typer = ParamTyper(definition: shop)
        #expect(try typer.params(for: "a", [Assignment("on=true")!, Assignment("price=2.5")!]) == ["on": true, "price": 2.5])
        #expect(try typer.params(for: "a", [Assignment("on=0")!])["on"] == .bool(false))
        #expect(throws: ParamTypingError.invalid(value: "yes", param: "on", destination: "a", expected: "bool (true, false, 1 or 0)")) {
            try typer.params(for: "a", [Assignment("on=yes")!])
        }
        #expect(throws: ParamTypingError.invalid(value: "cheap", param: "price", destination: "a", expected: "double")) {
            try typer.params(for: "a", [Assignment("price=cheap")!])
        }
    }

    @Test func refusalsNameTheParamAndItsType() {
        func message(_ destination: String, _ words: [String]) -> String? {
            do {
                _ = try typed(destination, words)
                return nil
            } catch {
                return "\(error)"
            }
        }
        #expect(message("profile", ["userId=abc"]) == "invalid value 'abc' for param 'userId' of profile: expected int")
        #expect(message("post", ["postId=1.5"]) == "invalid value '1.5' for param 'postId' of post: expected int")
        #expect(message("profile", ["userId=1", "section=likes"])
            == "invalid value 'likes' for param 'section' of profile: expected one of posts, photos, friends")
        #expect(message("profile", ["user=1"]) == "profile has no param 'user' (params: userId, section)")
        #expect(message("feedList", ["x=1"]) == "feedList takes no params (got 'x')")
        #expect(message("main", ["tab=feed"]) == "main takes no params (got 'tab')")
        #expect(message("profile", ["userId=1", "userId=2"]) == "param 'userId' is given twice")
    }
}
