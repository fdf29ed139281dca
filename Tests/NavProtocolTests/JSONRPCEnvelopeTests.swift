import Testing
import NavigationCore
import NavProtocol
import NavJSON

@Suite struct JSONRPCEnvelopeTests {
    /// Ids are kept as parsed and echoed as such: an integer stays an integer, a double a double
    /// (`1e3` is the double 1000, written `1000.0`). A positive integer of up to 18 digits is
    /// read inline, anything else by the scanner's general path: both sides of that boundary.
    @Test(arguments: [
        ("1", JSONValue.int(1), "1"), ("1.5", .double(1.5), "1.5"), (#""x""#, .string("x"), #""x""#),
        ("null", .null, "null"), ("-3", .int(-3), "-3"), ("1e3", .double(1000), "1000.0"),
        (#""a\"b\u00e9""#, .string("a\"bé"), #""a\"bé""#), ("0", .int(0), "0"),
        (" 907", .int(907), "907"), ("999999999999999999", .int(999_999_999_999_999_999), "999999999999999999"),
        ("1000000000000000000", .int(1_000_000_000_000_000_000), "1000000000000000000"), ("12.0", .double(12), "12.0"),
        ("12E1", .double(120), "120.0"), ("9223372036854775808", .double(9_223_372_036_854_775_808), "9.223372036854776e+18"),
    ])
    func idsAreEchoedAsParsed(_ literal: String, _ id: JSONValue, _ echoed: String) {
        let message = decode(#"{"jsonrpc":"2.0","method":"nav.state","id":"# + literal + "}")
        #expect(message == .single(.call(id: id, .state)))
        let out = JSONBuffer.encode { RPCEncoder.success(id: id, result: true, into: &$0) }
        #expect(text(out) == #"{"jsonrpc":"2.0","id":"# + echoed + #","result":true}"# + "\n")
    }

    @Test func aNullIdIsARequestNotANotification() {
        #expect(decode(#"{"jsonrpc":"2.0","method":"nav.state","id":null}"#) == .single(.call(id: .null, .state)))
        #expect(decode(#"{"jsonrpc":"2.0","method":"nav.state"}"#) == .single(.call(id: nil, .state)))
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        var line: String
        var id: JSONValue
        var message: String
        var testDescription: String { line }
    }

    /// Request objects that are refused one by one with `-32600` and the id when it was readable.
    static let refusals: [Refusal] = [
        Refusal(line: #"{"jsonrpc":"2.0","method":"m","id":{}}"#, id: .null, message: "'id' must be a string, a number or null, not an object"),
        Refusal(line: #"{"jsonrpc":"2.0","method":"m","id":[1]}"#, id: .null, message: "'id' must be a string, a number or null, not an array"),
        Refusal(line: #"{"jsonrpc":"2.0","method":"m","id":true}"#, id: .null, message: "'id' must be a string, a number or null, not a boolean"),
        Refusal(line: #"{"method":"m","id":7}"#, id: 7, message: "'jsonrpc' is missing; it must be \"2.0\""),
        Refusal(line: #"{"jsonrpc":"1.0","method":"m","id":7}"#, id: 7, message: "'jsonrpc' must be \"2.0\", not \"1.0\""),
        Refusal(line: #"{"jsonrpc":2.0,"method":"m","id":"q"}"#, id: "q", message: "'jsonrpc' must be \"2.0\", not 2.0"),
        Refusal(line: #"{"jsonrpc":"2.0 ","method":"m"}"#, id: .null, message: "'jsonrpc' must be \"2.0\", not \"2.0 \""),
        Refusal(line: #"{"jsonrpc": "1\u002e0" ,"method":"m","id":7}"#, id: 7, message: "'jsonrpc' must be \"2.0\", not \"1.0\""),
        Refusal(line: #"{"jsonrpc": {"v":[2]},"method":"m","id":7}"#, id: 7, message: "'jsonrpc' must be \"2.0\", not {\"v\":[2]}"),
        Refusal(line: #"{"jsonrpc":"2.0","id":7}"#, id: 7, message: "'method' is missing"),
        Refusal(line: #"{"jsonrpc":"2.0","method":null,"id":7}"#, id: 7, message: "'method' must be a string, not a null"),
        Refusal(line: #"{"jsonrpc":"2.0","method":["m"],"id":7}"#, id: 7, message: "'method' must be a string, not an array"),
        Refusal(line: #"{"jsonrpc":"2.0","method" :  12,"id":7}"#, id: 7, message: "'method' must be a string, not an integer"),
        Refusal(line: #"{"jsonrpc":"2.0","method":"m","params":"bar","id":7}"#, id: 7, message: "'params' must be an object or an array, not a string"),
        Refusal(line: #"{"jsonrpc":"2.0","method":"m","params":null,"id":7}"#, id: 7, message: "'params' must be an object or an array, not a null"),
        Refusal(line: #"{"jsonrpc":"2.0","method":"m","params":3}"#, id: .null, message: "'params' must be an object or an array, not an integer"),
        Refusal(line: #""nav.state""#, id: .null, message: "a request must be an object, not a string"),
        Refusal(line: "42", id: .null, message: "a request must be an object, not an integer"),
        Refusal(line: "null", id: .null, message: "a request must be an object, not a null"),
    ]

    @Test(arguments: refusals)
    func invalidRequestObject(_ refusal: Refusal) {
        let expected = RPCFailure.invalidRequest(refusal.message)
        #expect(decode(refusal.line) == .single(.invalid(id: refusal.id, error: expected)))
        #expect(expected.code == .invalidRequest && expected.reason == .invalidRequest)
        #expect(decode("[" + refusal.line + "]") == .batch([.invalid(id: refusal.id, error: expected)]))
    }

    /// A message with `result` or `error` and no `method` is a response: a listener answering
    /// navd's `event.handle`. It is never answered.
    @Test func responsesToNavdsRequestsAreToldApartFromRequests() {
        #expect(decode(#"{"jsonrpc":"2.0","result":{"steps":[]},"id":"e1"}"#) == .single(.response(id: "e1", result: ["steps": []], error: nil)))
        #expect(decode(#"{"jsonrpc":"2.0","error":{"code":1,"message":"no"},"id":"e2"}"#) == .single(.response(id: "e2", result: nil, error: ["code": 1, "message": "no"])))
        #expect(decode(#"[{"jsonrpc":"2.0","result":1,"id":7}]"#) == .batch([.response(id: 7, result: 1, error: nil)]))
        // A method makes it a request, whatever else it has.
        #expect(decode(#"{"jsonrpc":"2.0","method":"nav.state","result":1,"id":7}"#) == .single(.call(id: 7, .state)))
    }

    @Test func paramsAreDecodedAndUnknownMembersIgnored() {
        let line = #"{"jsonrpc":"2.0","method":"nav.route","params":{"to":"feed"},"id":1,"extra":true}"#
        #expect(decode(line) == .single(.call(id: 1, .operation(.route(RouteRequest(to: "feed"))), params: params(#"{"to":"feed"}"#, in: line))))
        #expect(decode(#"{"id":1,"params":[],"method":"rpc.other","jsonrpc":"2.0"}"#)
            == .single(.refused(id: 1, error: .methodNotFound("rpc.other"))))
        // An unknown name is read again, decoded, only to be named in the refusal.
        #expect(decode(#"{"id":1,"method": "nav.\u0078\"y","jsonrpc":"2.0"}"#) == .single(.refused(id: 1, error: .methodNotFound("nav.x\"y"))))
        #expect(decode(#"{"id":1,"method":"nav.x","jsonrpc":"2.0","params":7}"#)
            == .single(.invalid(id: 1, error: .invalidRequest("'params' must be an object or an array, not an integer"))))
    }

    @Test func namedParams() throws {
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.state"}"#) == .single(.call(id: 1, .state)))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.state","params":{}}"#) == .single(.call(id: 1, .state)))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":["feed"]}"#)
            == .single(.refused(id: 1, error: .positionalParams(method: "nav.route"))))
        let error = RPCFailure.positionalParams(method: "nav.route")
        #expect(error.code == .invalidParams && error.reason == .invalidParams)
        #expect(error.message == "invalid params: nav.route takes named params (an object), not an array")
    }

    @Test func invalidUTF8IsAParseError() {
        for line: [UInt8] in [
            bytes(#"{"jsonrpc":"2.0","id":1,"method":"a"#) + [0xFF] + bytes(#""}"#),
            bytes(#"{"jsonrpc":"2.0","id":1,"method":"a"#) + [0xC3, 0x28] + bytes(#""}"#),
            bytes(#"{"jsonrpc":"2.0","id":1,"method":"a"#) + [0xED, 0xA0, 0x80] + bytes(#""}"#),
            [0xEF, 0xBB, 0xBF] + bytes("{}"),
            bytes("[1,") + [0xFF] + bytes("]"),
        ] {
            let message = JSONRPC.decode(line: line)
            #expect(lineError(message)?.code == .parseError, "\(line)")
            #expect(lineError(message)?.reason == .parseError)
        }
        let error = lineError(JSONRPC.decode(line: bytes(#"{"method":"a"#) + [0xFF] + bytes(#""}"#)))
        #expect(error?.message == "parse error: invalid UTF-8 at byte 12")
        #expect(error?.data == ["reason": "parseError", "offset": 12])
    }

    @Test func nestingDeeperThanTheLimitIsRefusedWhole() {
        func request(arrays: Int) -> String {
            #"{"jsonrpc":"2.0","id":1,"method":"m","params":"# + String(repeating: "[", count: arrays)
                + String(repeating: "]", count: arrays) + "}"
        }
        guard case .single(.refused) = decode(request(arrays: 63)) else {
            Issue.record("64 levels are allowed")
            return
        }
        #expect(lineError(decode(request(arrays: 64))) == .tooDeep(limit: 64))
        #expect(lineError(decode(String(repeating: "[", count: 65) + String(repeating: "]", count: 65))) == .tooDeep(limit: 64))
        let error = RPCFailure.tooDeep(limit: 64)
        #expect(error.code == .invalidRequest)
        #expect(error.message == "invalid request: JSON nested deeper than 64 levels")
        #expect(error.data == ["reason": "tooDeep", "limit": 64])
        #expect(lineError(decode(request(arrays: 8), limits: RPCLimits(maxDepth: 8))) == .tooDeep(limit: 8))
    }

    @Test func batchLimit() {
        let entry = #"{"jsonrpc":"2.0","method":"n"}"#
        func batch(_ count: Int) -> String { "[" + Array(repeating: entry, count: count).joined(separator: ",") + "]" }
        guard case .batch(let entries) = decode(batch(256)) else {
            Issue.record("256 entries are allowed")
            return
        }
        #expect(entries.count == 256)
        let error = lineError(decode(batch(257)))
        #expect(error == .batchTooLarge(count: 257, limit: 256))
        #expect(error?.code == .invalidRequest)
        #expect(error?.data == ["reason": "batchTooLarge", "limit": 256, "count": 257])
        #expect(lineError(decode(batch(3), limits: RPCLimits(maxBatch: 2))) == .batchTooLarge(count: 3, limit: 2))
    }

    @Test func aNestedBatchIsAnInvalidEntry() {
        #expect(decode(#"[[{"jsonrpc":"2.0","method":"m","id":1}]]"#)
            == .batch([.invalid(id: .null, error: .invalidRequest("a request must be an object, not an array"))]))
    }

    @Test func parsesFromEveryBufferKind() {
        let line = bytes(#"xx{"jsonrpc":"2.0","method":"m","id":1}"#)
        let expected = RPCMessage.single(.refused(id: 1, error: .methodNotFound("m")))
        #expect(JSONRPC.decode(line: line[2...]) == expected)
        #expect(JSONRPC.decode(line: Array(line[2...])) == expected)
        line.withUnsafeBufferPointer { buffer in
            #expect(JSONRPC.decode(line: UnsafeBufferPointer(rebasing: buffer[2...])) == expected)
        }
    }

    @Test func everyErrorHasItsReason() throws {
        let errors: [(RPCFailure, RPCErrorCode, String)] = [
            (try #require(lineError(decode("{x"))), .parseError, "parseError"),
            (.invalidRequest("x"), .invalidRequest, "invalidRequest"),
            (.methodNotFound("x"), .methodNotFound, "methodNotFound"),
            (.invalidParams("x"), .invalidParams, "invalidParams"),
            (.internalError("x"), .internalError, "internalError"),
            (.messageTooLarge(limit: 1 << 20), .invalidRequest, "messageTooLarge"),
            (.batchTooLarge(count: 300, limit: 256), .invalidRequest, "batchTooLarge"),
            (.tooDeep(limit: 64), .invalidRequest, "tooDeep"),
        ]
        for (error, code, reason) in errors {
            #expect(error.code == code)
            #expect(error.data.keys.first == "reason" && error.reason.rawValue == reason)
        }
    }

    @Test func messageTooLarge() {
        let error = RPCFailure.messageTooLarge(limit: 1 << 20)
        #expect(error.message == "invalid request: message longer than 1048576 bytes; the rest of the line was discarded")
        #expect(error.data == ["reason": "messageTooLarge", "limit": 1_048_576])
    }
}
