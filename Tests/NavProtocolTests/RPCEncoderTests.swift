import Testing
import NavigationCore
import NavProtocol
import NavJSON

@Suite struct RPCEncoderTests {
    private func encode(_ write: (inout JSONBuffer) -> Void) -> String {
        text(JSONBuffer.encode(write))
    }

    @Test func success() {
        let result: JSONValue = ["revision": 3, "screen": "s2", "events": [], "fallback": false, "x": 0.25]
        #expect(encode { RPCEncoder.success(id: 7, result: result, into: &$0) }
            == #"{"jsonrpc":"2.0","id":7,"result":{"revision":3,"screen":"s2","events":[],"fallback":false,"x":0.25}}"# + "\n")
        #expect(encode { RPCEncoder.success(id: "a\nb", result: .null, into: &$0) }
            == #"{"jsonrpc":"2.0","id":"a\nb","result":null}"# + "\n")
    }

    @Test func successRawSplicesTheResultBytes() {
        let tree = JSONWriter.bytes(["revision": 9, "root": ["id": "f1", "children": []]])
        let expected = #"{"jsonrpc":"2.0","id":"q","result":{"revision":9,"root":{"id":"f1","children":[]}}}"# + "\n"
        #expect(encode { RPCEncoder.successRaw(id: "q", resultBytes: tree, into: &$0) } == expected)
        #expect(encode { out in tree.withUnsafeBytes { RPCEncoder.successRaw(id: "q", resultBytes: $0, into: &out) } } == expected)
    }

    @Test func failure() throws {
        let parseError = try #require(lineError(decode("[1,x]")))
        #expect(encode { RPCEncoder.failure(id: .null, error: parseError, into: &$0) }
            == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: unexpected character 'x' at byte 3","data":{"reason":"parseError","offset":3}}}"# + "\n")
        #expect(encode { RPCEncoder.failure(id: 12, error: .methodNotFound("rpc.foo"), into: &$0) }
            == #"{"jsonrpc":"2.0","id":12,"error":{"code":-32601,"message":"method not found: 'rpc.foo' (names beginning with 'rpc.' are reserved for JSON-RPC; navd has only rpc.discover)","data":{"reason":"methodNotFound","method":"rpc.foo"}}}"# + "\n")
        #expect(encode { RPCEncoder.failure(id: .null, error: .messageTooLarge(limit: 1 << 20), into: &$0) }
            == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"invalid request: message longer than 1048576 bytes; the rest of the line was discarded","data":{"reason":"messageTooLarge","limit":1048576}}}"# + "\n")
        let conflict = RPCFailure(NavError(.conflict, "conflict: revision is 4, expected 3", data: ["expected": 3, "actual": 4]))
        #expect(encode { RPCEncoder.failure(id: 1.5, error: conflict, into: &$0) }
            == #"{"jsonrpc":"2.0","id":1.5,"error":{"code":-32005,"message":"conflict: revision is 4, expected 3","data":{"expected":3,"actual":4,"reason":"conflict"}}}"# + "\n")
    }

    @Test func notifications() {
        #expect(encode { RPCEncoder.notification(.daemonShutdown, into: &$0) { JSONWriter.write(["reason": "signal"] as JSONObject, into: &$0) } }
            == #"{"jsonrpc":"2.0","method":"daemon.shutdown","params":{"reason":"signal"}}"# + "\n")
        let changed = JSONWriter.bytes(["revision": 5, "baseRevision": 4, "changes": []])
        #expect(encode { RPCEncoder.notification(.navChanged, into: &$0) { $0.append(changed) } }
            == #"{"jsonrpc":"2.0","method":"nav.changed","params":{"revision":5,"baseRevision":4,"changes":[]}}"# + "\n")
        #expect(encode { RPCEncoder.notification(.eventsDropped, into: &$0) { JSONWriter.raw(#"{"events":["open"],"reason":"timeouts"}"#, into: &$0) } }
            == #"{"jsonrpc":"2.0","method":"events.dropped","params":{"events":["open"],"reason":"timeouts"}}"# + "\n")
    }

    @Test func requests() {
        #expect(encode { RPCEncoder.request(id: 1, method: "nav.route", params: ["to": "feed"], into: &$0) }
            == #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"feed"}}"# + "\n")
        #expect(encode { RPCEncoder.request(id: "a", method: "nav.state", params: nil, into: &$0) }
            == #"{"jsonrpc":"2.0","id":"a","method":"nav.state"}"# + "\n")
        #expect(encode { RPCEncoder.request(id: nil, method: "nav.close", params: nil, into: &$0) }
            == #"{"jsonrpc":"2.0","method":"nav.close"}"# + "\n")
    }

    /// navd's own requests to a client: a string id it chose, the method from the table.
    @Test func serverRequests() {
        let params = JSONWriter.bytes(["event": "open", "payload": [:], "revision": 3])
        #expect(encode { RPCEncoder.request(id: "e7", .eventHandle, into: &$0) { $0.append(params) } }
            == #"{"jsonrpc":"2.0","id":"e7","method":"event.handle","params":{"event":"open","payload":{},"revision":3}}"# + "\n")
    }

    /// A failure's error object is `RPCFailure`'s one writer; `routes.resolve` writes the same.
    @Test func errorObject() {
        let conflict = RPCFailure(NavError(.conflict, "conflict: \"x\"", data: ["expected": 3]))
        #expect(text(conflict.encodedJSON) == #"{"code":-32005,"message":"conflict: \"x\"","data":{"expected":3,"reason":"conflict"}}"#)
        #expect(encode { RPCEncoder.failure(id: 2, error: conflict, into: &$0) }
            == #"{"jsonrpc":"2.0","id":2,"error":"# + text(conflict.encodedJSON) + "}\n")
        #expect(conflict.jsonValue == ["code": -32005, "message": "conflict: \"x\"", "data": ["expected": 3, "reason": "conflict"]])
    }

    @Test func encodingAppends() {
        var out = JSONBuffer()
        RPCEncoder.success(id: 1, result: 1, into: &out)
        RPCEncoder.success(id: 2, result: 2, into: &out)
        #expect(text(out.bytes) == #"{"jsonrpc":"2.0","id":1,"result":1}"# + "\n" + #"{"jsonrpc":"2.0","id":2,"result":2}"# + "\n")
    }

    /// What the encoder writes, the request decoder reads back as the same call.
    @Test func requestRoundTrip() {
        var out: [UInt8] = []
        RPCEncoder.request(id: 3, method: "nav.popTo", params: ["screen": "s4", "inclusive": true], into: &out)
        var decoder = FrameDecoder()
        var messages: [RPCMessage] = []
        decoder.feed(out) { frame in
            if case .line(let line) = frame { messages.append(JSONRPC.decode(line: line)) }
        }
        #expect(messages == [.single(.call(
            id: 3, .operation(.popTo(screen: .id(ScreenID("s4")!), inclusive: true)),
            params: params(#"{"screen":"s4","inclusive":true}"#, in: text(out))))])
    }
}
