import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// Issue 11: `nav.selectTab {"tab": 2.0}` was refused while an `int` param took `2.0`. Every
/// integer read from a request follows one rule (`JSONValue.intValue`): a number with no
/// fraction that an `Int` holds is that integer; `2.5` is not.
@Suite struct IntegralNumberTests {
    @Test func aTabIndexMayBeAnIntegralNumber() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.selectTab", ["tab": 2.0])
        expectEvents(result, ["willHide s1 feedList", "tabSelected f1 2 chats", "willShow s3 chatList"])
        let error = expectFailure(&nav, "nav.selectTab", ["tab": 2.5], code: .invalidParams, reason: "invalidParams")
        #expect(error?.message.contains("must be a flow name or an index, not 2.5") == true)
    }

    @Test func expectRevisionMayBeAnIntegralNumber() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 5.0], "expectRevision": 1.0])
        #expect(nav.revision == 2)
        _ = try nav.call("nav.close", ["expectRevision": 2.0])
        let error = expectFailure(&nav, "nav.close", ["expectRevision": 3.5], code: .invalidParams, reason: "invalidParams")
        #expect(error?.message.contains("must be an integer, not 3.5") == true)
        expectFailure(&nav, "nav.dismissAll", ["expectRevision": 1e300], code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 5.5]], code: .invalidParams, reason: "invalidParams")
    }

    @Test func theRuleIsOne() {
        for (value, expected) in [(JSONValue.int(2), 2), (.double(2.0), 2), (.double(-0.0), 0), (.double(-7.0), -7)] as [(JSONValue, Int)] {
            #expect(value.intValue == expected)
            #expect(ParamType.int.validate(value) == .success(.int(expected)))
        }
        for value in [JSONValue.double(2.5), .double(1e300), .string("2"), .bool(true), .null] {
            #expect(value.intValue == nil)
            #expect((try? ParamType.int.validate(value).get()) == nil)
        }
    }

    /// Issue 11: `http://social.example.com/feed` was opened; web links are https only
    /// (semantics.md 32), for `nav.deeplink` and `routes.resolve` alike.
    @Test func httpWebLinksAreRefused() throws {
        var nav = sampleNavigator()
        let error = expectFailure(&nav, "nav.deeplink", ["url": "http://social.example.com/feed"], code: .noRouteForURL, reason: "noRouteForURL")
        #expect(error?.message == "no route for URL 'http://social.example.com/feed': http:// links are not opened: web links to social.example.com are https:// only, as App Links and universal links are")
        #expect(throws: NavError.self) { try nav.resolve("http://social.example.com/feed") }
        _ = try nav.call("nav.deeplink", ["url": "https://social.example.com/chats"])
    }
}
