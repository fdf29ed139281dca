import Testing
import NavigationCore
import NavProtocol
import NavJSON

/// `JSONRPC.decode` reads a request's members in whatever order they come, but decides which
/// problem it reports in one fixed order, and counts a repeated key with its last value.
@Suite struct RequestDecoderTests {
    @Test func theOrderOfMembersChangesNothing() {
        let orders = [
            #"{"jsonrpc":"2.0","id":4,"method":"nav.close","params":{"screen":"s2","expectRevision":3}}"#,
            #"{"params":{"expectRevision":3,"screen":"s2"},"method":"nav.close","id":4,"jsonrpc":"2.0"}"#,
            #"{"id":4,"params":{"screen":"s2","expectRevision":3},"jsonrpc":"2.0","method":"nav.close"}"#,
        ]
        let params = [#"{"screen":"s2","expectRevision":3}"#, #"{"expectRevision":3,"screen":"s2"}"#, #"{"screen":"s2","expectRevision":3}"#]
        for (line, params) in zip(orders, params) {
            #expect(
                decode(line) == .single(.call(id: 4, .operation(.close(screen: ScreenID("s2")!, expectRevision: 3)), params: NavProtocolTests.params(params, in: line))),
                "\(line)")
        }
    }

    /// A mutation keeps its params object as received, for its revision's cause: members in
    /// their order, defaults and escapes as given, only the whitespace outside strings left
    /// out (a quote escaped inside a string does not end it). Any other method keeps none.
    @Test func aMutationKeepsItsParamsAsReceived() {
        let line = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"nav.deeplink\",\"params\": {\"dryRun\" :false,\"url\"\t:"
            + "\"/a b\\\" c\\\\ \\u0064\" ,\r \"expectRevision\": 7 }}"
        let object = "{\"dryRun\" :false,\"url\"\t:\"/a b\\\" c\\\\ \\u0064\" ,\r \"expectRevision\": 7 }"
        #expect(decode(line) == .single(.call(
            id: 1, .operation(.deeplink(url: #"/a b" c\ d"#, expectRevision: 7)), params: params(object, in: line))))
        #expect(receivedParams(line) == #"{"dryRun":false,"url":"/a b\" c\\ \u0064","expectRevision":7}"#)
        let compact = #"{"jsonrpc":"2.0","id":1,"method":"nav.close","params":{"screen":"s2"}}"#
        #expect(receivedParams(compact) == #"{"screen":"s2"}"#)
        let none = #"{"jsonrpc":"2.0","id":1,"method":"nav.dismissAll"}"#
        #expect(decode(none) == .single(.call(id: 1, .operation(.dismissAll()), params: .none)))
        #expect(receivedParams(none) == "{}")
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.url","params": {"screen":"s2"}}"#)
            == .single(.call(id: 1, .url(screen: ScreenID("s2")!), params: .none)))
    }

    /// Whitespace in params is found wherever it stands (they are checked eight bytes at a
    /// time, then byte by byte), and a byte from 0x80 up (UTF-8 in a string) is not taken for it.
    @Test func whitespaceIsFoundAnywhereInTheParams() {
        let compact = #"{"to":"feed","params":{"ops":[1,2,3,4,5,6,7,8,9,10,11,12,13],"name":"é"}}"#
        let line = { (params: String) in #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":"# + params + "}" }
        #expect(receivedParams(line(compact)) == compact)
        for (offset, byte) in compact.utf8.enumerated() where byte == UInt8(ascii: ",") {
            var spaced = Array(compact.utf8)
            spaced.insert(UInt8(ascii: " "), at: offset + 1)
            #expect(receivedParams(line(String(decoding: spaced, as: UTF8.self))) == compact, "space after byte \(offset)")
        }
    }

    /// Params read for the method named before them are read again for the one named last.
    @Test func aRepeatedKeyCountsWithItsLastValue() {
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.close","params":{"screen":"s2"},"method":"nav.url"}"#)
            == .single(.call(id: 1, .url(screen: ScreenID("s2")!))))
        let empty = #"{"jsonrpc":"2.0","id":1,"method":"nav.close","params":{"screen":"s2"},"params":{}}"#
        #expect(decode(empty) == .single(.call(id: 1, .operation(.close(screen: nil)), params: params("{}", in: empty))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"id":"b","method":"nav.state"}"#) == .single(.call(id: "b", .state)))
        let twice = #"{"jsonrpc":"2.0","id":1,"method":"nav.close","params":{"screen":"s2","screen":"s3"}}"#
        #expect(decode(twice)
            == .single(.call(id: 1, .operation(.close(screen: ScreenID("s3")!)), params: params(#"{"screen":"s2","screen":"s3"}"#, in: twice))))
    }

    /// Fields are refused in the order the method reads them, unknown ones last, wherever
    /// they stand in the object.
    @Test func paramsProblemsAreDecidedInTheMethodsOrder() {
        let line = #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"bogus":1,"singleTop":"yes","to":5}}"#
        #expect(decode(line) == .single(.badParams(id: 1, method: .navRoute,
            error: .badField("to", .wrongType(expected: "a string", actual: "integer")))))
        let unknownLast = #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"bogus":1,"singleTop":"yes","to":"a"}}"#
        #expect(decode(unknownLast) == .single(.badParams(id: 1, method: .navRoute,
            error: .badField("singleTop", .wrongType(expected: "a boolean", actual: "string")))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"zz":1,"to":"a","aa":2}}"#)
            == .single(.badParams(id: 1, method: .navRoute, error: .badField("zz", .unknown))))
    }

    /// The envelope's problems come before the method's, and a parse error anywhere before
    /// everything.
    @Test func envelopeProblemsWinOverParamsAndParseErrorsOverAll() {
        #expect(decode(#"{"params":{"to":5},"method":"nav.route","id":2}"#)
            == .single(.invalid(id: 2, error: .invalidRequest("'jsonrpc' is missing; it must be \"2.0\""))))
        #expect(decode(#"{"params":"x","method":"nav.nope","jsonrpc":"2.0","id":2}"#)
            == .single(.invalid(id: 2, error: .invalidRequest("'params' must be an object or an array, not a string"))))
        #expect(decode(#"{"params":[1],"method":"nav.nope","jsonrpc":"2.0","id":2}"#)
            == .single(.refused(id: 2, error: .methodNotFound("nav.nope"))))
        guard case .failure(let error) = decode(#"{"jsonrpc":"1.0","method":1,"params":{"to":5},"id":[] ,}"#) else {
            Issue.record("a line with a syntax error is decoded")
            return
        }
        #expect(error.code == .parseError && error.data["offset"] == 55 && error.message == "parse error: expected a string key at byte 55")
    }

    /// A route's params are kept as the text navd writes for them (the screen's events copy
    /// it): as received when the client wrote them so, else written from their value, so that
    /// spacing, escapes and a repeated key change nothing a screen says of its params.
    @Test func aRoutesParamsAreKeptAsTheTextNavdWrites() {
        let cases = [
            (#"{"postId":2,"q":"a b"}"#, #"{"postId":2,"q":"a b"}"#),
            (#"{ "postId" : 2 , "q":"a b" }"#, #"{"postId":2,"q":"a b"}"#),
            (#"{"postId":1,"postId":2}"#, #"{"postId":2}"#),
            (#"{"x":[1, 2],"y":{"z":1.50}}"#, #"{"x":[1,2],"y":{"z":1.5}}"#),
            (#"{}"#, #"{}"#),
        ]
        for (given, kept) in cases {
            let line = #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"post","params":"# + given + "}}"
            guard case .single(.call(_, .operation(.route(let request)), _)) = decode(line) else {
                Issue.record("\(line) is not a route")
                continue
            }
            #expect(String(decoding: request.params.bytes, as: UTF8.self) == kept, "\(given)")
        }
    }

    /// A field that is JSON the call keeps (route params, a flow's result, an event's payload,
    /// session flags): its value is the last one given, `null` counts as absent, a value of the
    /// wrong type is refused with its type, the fields before it in the method's order are
    /// refused first, and a value that is not JSON is a parse error wherever the field stands.
    @Test func aFieldThatIsJSONIsTheLastGivenAndRefusedInItsPlace() {
        let twice = #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"params":{"a":1},"to":"p","params":{"b":[2]}}}"#
        #expect(decode(twice) == .single(.call(
            id: 1, .operation(.route(RouteRequest(to: "p", params: ["b": [2]]))),
            params: params(#"{"params":{"a":1},"to":"p","params":{"b":[2]}}"#, in: twice))))
        let null = #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"p","params":null}}"#
        #expect(decode(null) == .single(.call(id: 1, .operation(.route(RouteRequest(to: "p"))), params: params(#"{"to":"p","params":null}"#, in: null))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"params":5,"to":"p"}}"#)
            == .single(.badParams(id: 1, method: .navRoute, error: .badField("params", .wrongType(expected: "an object", actual: "integer")))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"params":[],"to":5}}"#)
            == .single(.badParams(id: 1, method: .navRoute, error: .badField("to", .wrongType(expected: "a string", actual: "integer")))))
        let result = #"{"jsonrpc":"2.0","id":1,"method":"flow.finish","params":{"result":{"ok":[true,null]},"flow":"f2"}}"#
        #expect(decode(result) == .single(.call(
            id: 1, .operation(.finishFlow(FlowID("f2")!, result: ["ok": [true, .null]])),
            params: params(#"{"result":{"ok":[true,null]},"flow":"f2"}"#, in: result))))
        let emit = #"{"jsonrpc":"2.0","id":1,"method":"event.emit","params":{"payload":{"postId":4},"name":"postTapped"}}"#
        #expect(decode(emit) == .single(.call(
            id: 1, .emit(name: "postTapped", payload: ["postId": 4], expectRevision: nil),
            params: params(#"{"payload":{"postId":4},"name":"postTapped"}"#, in: emit))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"session.set","params":{"flags":{"signedIn":"yes"}}}"#)
            == .single(.badParams(id: 1, method: .sessionSet, error: .badField("flags.signedIn", .wrongType(expected: "a boolean", actual: "string")))))
        guard case .failure(let error) = decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"p","params":{"a":01}}}"#) else {
            Issue.record("a kept field that is not JSON is decoded")
            return
        }
        #expect(error.code == .parseError && error.message == "parse error: leading zeros are not allowed at byte 79", "\(error)")
    }

    /// Fields nested in a field are read as the request's are: route's `popTo`, each `apply`
    /// step and its params, with their names in errors; an unknown key is named decoded, from
    /// wherever it stands.
    @Test func nestedFieldsAndUnknownKeysAreNamedInFull() {
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.close","params":{"\u0078y":1,"screen":"s2"}}"#)
            == .single(.badParams(id: 1, method: .navClose, error: .badField("xy", .unknown))))
        let nested = #"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"a","popTo":{"screen":"b","inclusive":true}}}"#
        #expect(decode(nested)
            == .single(.call(
                id: 1, .operation(.route(RouteRequest(to: "a", popTo: .name("b"), popToInclusive: true))),
                params: params(#"{"to":"a","popTo":{"screen":"b","inclusive":true}}"#, in: nested))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"a","popTo":{"screen":"b","x":1}}}"#)
            == .single(.badParams(id: 1, method: .navRoute, error: .badField("popTo.x", .unknown))))
        #expect(decode(#"{"jsonrpc":"2.0","id":1,"method":"nav.route","params":{"to":"a","popTo":[]}}"#)
            == .single(.badParams(id: 1, method: .navRoute, error: .badField("popTo", .wrongType(expected: "an object", actual: "array")))))
        let apply = #"{"jsonrpc":"2.0","id":1,"method":"nav.apply","params":{"ops":[{"method":"nav.close"},{"params":{"to":"p","params":{"k":[1]}},"method":"nav.route"}]}}"#
        #expect(decode(apply) == .single(.call(id: 1, .operation(.apply([
            .close(screen: nil), .route(RouteRequest(to: "p", params: ["k": [1]])),
        ])), params: params(#"{"ops":[{"method":"nav.close"},{"params":{"to":"p","params":{"k":[1]}},"method":"nav.route"}]}"#, in: apply))))
        let badStep = #"{"jsonrpc":"2.0","id":1,"method":"nav.apply","params":{"ops":[null,{"method":"nav.close","params":{"screen":"s1","zz":0}}]}}"#
        guard case .single(.badParams(_, _, let error)) = decode(badStep) else {
            Issue.record("a bad step is decoded")
            return
        }
        #expect(error.data["step"] == 0 && error.message.contains("ops[0].method"), "\(error)")
        let unknownStepKey = #"{"jsonrpc":"2.0","id":1,"method":"nav.apply","params":{"ops":[{"method":"nav.close","params":{"screen":"s1","zz":0}}]}}"#
        guard case .single(.badParams(_, _, let stepError)) = decode(unknownStepKey) else {
            Issue.record("an unknown field of a step is decoded")
            return
        }
        #expect(stepError.data["step"] == 0 && stepError.data["stepOp"] == "nav.close" && stepError.message.contains("zz"), "\(stepError)")
    }
}
