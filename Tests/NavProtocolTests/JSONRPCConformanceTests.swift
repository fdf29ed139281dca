import Testing
import NavigationCore
import NavProtocol

/// The examples of the JSON-RPC 2.0 specification (section 7), request line and expected
/// response, run through the request decoder and the encoder. The specification's multi-line
/// examples are single lines here, as NDJSON needs. An empty response means no line at all.
@Suite struct JSONRPCConformanceTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var name: String
        var request: String
        var response: String
        var testDescription: String { name }
    }

    static let examples: [Example] = [
        // navd takes named params only: positional ones are refused as invalid params.
        Example(name: "positional params",
                request: #"{"jsonrpc": "2.0", "method": "daemon.hello", "params": ["me"], "id": 1}"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32602, "message": "Invalid params"}, "id": 1}"#),
        Example(name: "named params, another method",
                request: #"{"jsonrpc": "2.0", "method": "routes.resolve", "params": {"url": "app://x"}, "id": 2}"#,
                response: #"{"jsonrpc": "2.0", "result": "app://x", "id": 2}"#),
        Example(name: "named params",
                request: #"{"jsonrpc": "2.0", "method": "daemon.hello", "params": {"name": "me"}, "id": 3}"#,
                response: #"{"jsonrpc": "2.0", "result": "me", "id": 3}"#),
        Example(name: "named params, other order",
                request: #"{"params": {"name": "me"}, "id": 4, "method": "daemon.hello", "jsonrpc": "2.0"}"#,
                response: #"{"jsonrpc": "2.0", "result": "me", "id": 4}"#),
        Example(name: "notification",
                request: #"{"jsonrpc": "2.0", "method": "daemon.hello", "params": {"name": "me"}}"#,
                response: ""),
        Example(name: "notification of an unknown method",
                request: #"{"jsonrpc": "2.0", "method": "foobar"}"#,
                response: ""),
        Example(name: "non-existent method",
                request: #"{"jsonrpc": "2.0", "method": "foobar", "id": "1"}"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "1"}"#),
        Example(name: "invalid JSON",
                request: #"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#),
        Example(name: "invalid Request object",
                request: #"{"jsonrpc": "2.0", "method": 1, "params": "bar"}"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#),
        Example(name: "batch, invalid JSON",
                request: #"[ {"jsonrpc": "2.0", "method": "sum", "params": [1,2,4], "id": "1"}, {"jsonrpc": "2.0", "method" ]"#,
                response: #"{"jsonrpc": "2.0", "error": {"code": -32700, "message": "Parse error"}, "id": null}"#),
        Example(name: "empty array",
                request: "[]",
                response: #"{"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}"#),
        Example(name: "invalid batch, not empty",
                request: "[1]",
                response: #"[ {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null} ]"#),
        Example(name: "invalid batch",
                request: "[1,2,3]",
                response: #"""
                    [ {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}, \#
                    {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}, \#
                    {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null} ]
                    """#),
        Example(name: "mixed batch",
                request: #"""
                    [ {"jsonrpc": "2.0", "method": "routes.resolve", "params": {"url": "a"}, "id": "1"}, \#
                    {"jsonrpc": "2.0", "method": "daemon.hello", "params": {"name": "n"}}, \#
                    {"jsonrpc": "2.0", "method": "daemon.hello", "params": {"name": "b"}, "id": "2"}, \#
                    {"foo": "boo"}, \#
                    {"jsonrpc": "2.0", "method": "foo.get", "params": {"name": "myself"}, "id": "5"}, \#
                    {"jsonrpc": "2.0", "method": "nav.state", "id": "9"} ]
                    """#,
                response: #"""
                    [ {"jsonrpc": "2.0", "result": "a", "id": "1"}, \#
                    {"jsonrpc": "2.0", "result": "b", "id": "2"}, \#
                    {"jsonrpc": "2.0", "error": {"code": -32600, "message": "Invalid Request"}, "id": null}, \#
                    {"jsonrpc": "2.0", "error": {"code": -32601, "message": "Method not found"}, "id": "5"}, \#
                    {"jsonrpc": "2.0", "result": null, "id": "9"} ]
                    """#),
        Example(name: "all-notification batch",
                request: #"""
                    [ {"jsonrpc": "2.0", "method": "notify_sum", "params": [1,2,4]}, \#
                    {"jsonrpc": "2.0", "method": "notify_hello", "params": [7]} ]
                    """#,
                response: ""),
    ]

    @Test(arguments: examples)
    func specificationExample(_ example: Example) {
        let output = respond(example.request)
        #expect(normalized(output) == normalizedSpec(example.response), "\(output)")
    }

    @Test func examplesParseToTheExpectedEntries() {
        #expect(decode(#"{"jsonrpc": "2.0", "method": "subtract", "params": [42, 23], "id": 1}"#)
            == .single(.refused(id: 1, error: .methodNotFound("subtract"))))
        #expect(decode(#"{"jsonrpc": "2.0", "method": "daemon.hello", "params": {"name": "me"}}"#)
            == .single(.call(id: nil, .daemonHello(name: "me"))))
        #expect(decode(#"{"jsonrpc": "2.0", "method": "daemon.hello", "params": [1,2,3,4,5]}"#)
            == .single(.refused(id: nil, error: .positionalParams(method: "daemon.hello"))))
        #expect(decode("[1,2,3]") == .batch(Array(repeating: .invalid(id: .null, error: .invalidRequest("a request must be an object, not an integer")), count: 3)))
        #expect(lineError(decode("[]")) == .invalidRequest("an empty batch"))
        #expect(lineError(decode(#"{"jsonrpc": "2.0", "method": "foobar, "params": "bar", "baz]"#))?.code == .parseError)
    }

    @Test func aBatchKeepsTheOrderOfItsEntries() {
        let message = decode(#"[{"jsonrpc":"2.0","method":"nav.state","id":1},{"jsonrpc":"2.0","method":"nav.unsubscribe"},{"x":1},{"jsonrpc":"2.0","method":"c","id":"3"}]"#)
        guard case .batch(let entries) = message else {
            Issue.record("not a batch: \(message)")
            return
        }
        #expect(entries == [
            .call(id: 1, .state),
            .call(id: nil, .unsubscribe),
            .invalid(id: .null, error: .invalidRequest("'jsonrpc' is missing; it must be \"2.0\"")),
            .refused(id: "3", error: .methodNotFound("c")),
        ])
    }
}
