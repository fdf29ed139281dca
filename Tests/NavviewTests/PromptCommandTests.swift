import NavigationCore
import NavviewKit
import Testing
import NavJSON

/// The `:` prompt's grammar: METHOD, or METHOD {JSON object}.
@Suite("The : prompt")
struct PromptCommandTests {
    @Test func aMethodAloneCallsWithEmptyParams() throws {
        #expect(try PromptCommand.parse("  nav.close ").get() == PromptCommand.Call(method: "nav.close", params: [:]))
    }

    @Test func aMethodAndAJSONObject() throws {
        let call = try PromptCommand.parse(#"nav.route  {"to": "post", "params": {"postId": 5}}"#).get()
        #expect(call.method == "nav.route")
        #expect(call.params == ["to": "post", "params": ["postId": 5]])
    }

    @Test func mistakesSayWhatIsExpected() {
        func message(_ line: String) -> String? {
            if case .failure(let error) = PromptCommand.parse(line) { return error.message }
            return nil
        }
        #expect(message("") == PromptCommand.usage)
        #expect(message("nav.route [1]")?.hasPrefix("the params must be a JSON object, not array; type a method") == true)
        #expect(message("nav.route {to: post}")?.hasPrefix("the params are not JSON (") == true)
    }
}
