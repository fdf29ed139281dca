import Testing
@testable import NavigationCore
import NavJSON

/// `{name}` in an event step's deep link is encoded for where it stands (Protocol/semantics.md
/// 70). It was once encoded as a path segment wherever it stood: `ref = "a&ref=evil"` in a query
/// arrived as `a` (plus a second `ref`), `"x&section=friends"` added a query item, `"a+b"` arrived
/// as `a b`. Each case is checked the way the screen sees it: substituted, then read back by the
/// deep-link parser.
@Suite struct EventURLSubstitutionTests {
    private static let awkward = [
        "a&ref=evil", "a+b", "x&section=friends", "100%", "a=b", "#frag", "?q", "/", "a/b", " ", "é", "%2F", "+", "&", "=",
        ";", ".", "..", "x y+z",
    ]

    private func parsed(_ template: String, _ payload: JSONObject) throws -> DeepLinkURL {
        let url = Placeholder.interpolate(template, payload, encoded: true)
        return try DeepLinkURL.parse(url, schemes: ["social"], hosts: [])
    }

    @Test func aQueryValueArrivesExactlyAndAddsNoItem() throws {
        let link = try parsed("social://posts/{postId}?ref={ref}&x=1", ["postId": 7, "ref": "a&ref=evil"])
        #expect(link.segments == ["posts", "7"])
        #expect(link.query.map { "\($0.name)=\($0.value)" } == ["ref=a&ref=evil", "x=1"])
        let friends = try parsed("social://users/{userId}?from={from}", ["userId": 1, "from": "x&section=friends"])
        #expect(friends.query.map { "\($0.name)=\($0.value)" } == ["from=x&section=friends"])
        let plus = try parsed("social://posts/1?ref={ref}", ["ref": "a+b"])
        #expect(plus.query.map(\.value) == ["a+b"])
    }

    @Test func everyAwkwardValueRoundTripsInEveryPart() throws {
        for value in Self.awkward {
            let payload: JSONObject = ["v": .string(value)]
            let path = try parsed("social://posts/{v}/x", payload)
            #expect(path.segments == ["posts", value, "x"], "path segment \(value)")
            let name = try parsed("social://posts?{v}=1&b=2", payload)
            #expect(name.query.map(\.name) == [value, "b"], "query name \(value)")
            let queryValue = try parsed("social://posts?a={v}&b=2", payload)
            #expect(queryValue.query.map { "\($0.name)=\($0.value)" } == ["a=\(value)", "b=2"], "query value \(value)")
            let fragment = try parsed("social://posts?a=1#{v}", payload)
            #expect(fragment.segments == ["posts"] && fragment.query.map { "\($0.name)=\($0.value)" } == ["a=1"], "fragment \(value)")
        }
    }

    @Test func thePartFollowsTheLiteralText() {
        #expect(URLPart.path.after("social://a/") == .path)
        #expect(URLPart.path.after("/a?") == .queryName)
        #expect(URLPart.queryName.after("=") == .queryValue)
        #expect(URLPart.queryValue.after("?=/") == .queryValue)
        #expect(URLPart.queryValue.after("&") == .queryName)
        #expect(URLPart.queryValue.after("&b=1#") == .fragment)
        #expect(URLPart.fragment.after("?&=") == .fragment)
        // Outside a url, a value is plain text.
        #expect(Placeholder.interpolate("hi {who}&{who}", ["who": "a&b"], encoded: false) == "hi a&b&a&b")
    }

    /// A payload value `""` whose placeholder alone fills a path segment would make the segment
    /// vanish (the link then opens another screen or `notFound`): refused at the emit, naming
    /// the param. Elsewhere `""` is a value like any other.
    @Test func anEmptyValueThatWouldEmptyAPathSegmentIsRefused() {
        let event = EventDefinition(
            name: "open", params: [ParamDefinition(name: "id", type: .string), ParamDefinition(name: "ref", type: .string)],
            steps: [EventStep(method: "nav.deeplink", params: ["url": "social://posts/{id}?ref={ref}"])])
        func refusal(_ payload: JSONObject) -> String? {
            do throws(NavError) {
                _ = try event.validatedPayload(payload)
                return nil
            } catch {
                return "\(error.reason) \(error.data["param"]!) \(error.data["problem"]!) \(error.data["event"]!): \(error.message)"
            }
        }
        #expect(refusal(["id": "", "ref": "x"]) == #"invalidParams "id" "notAllowed" "open": invalid payload param 'id' of event open: an empty string cannot fill a path segment of step 0's deep link social://posts/{id}?ref={ref}"#)
        #expect(refusal(["id": "7", "ref": ""]) == nil)
        let prefixed = EventDefinition(
            name: "open", params: [ParamDefinition(name: "id", type: .string)],
            steps: [EventStep(method: "nav.apply", params: ["ops": [["method": "nav.deeplink", "params": ["url": "/posts/p{id}/{id}{id}"]]]])])
        #expect(throws: NavError.self) { try prefixed.validatedPayload(["id": ""]) }
        #expect(Placeholder.emptySegmentPlaceholder(in: "/posts/p{id}", ["id": ""]) == nil)
        #expect(Placeholder.emptySegmentPlaceholder(in: "/{id}", ["id": ""]) == "id")
        #expect(Placeholder.emptySegmentPlaceholder(in: "/a/{id}#{id}", ["id": "x"]) == nil)
        #expect(Placeholder.emptySegmentPlaceholder(in: "/a?b/{id}/", ["id": ""]) == nil)
        #expect(Placeholder.emptySegmentPlaceholder(in: "/a/{id}?b={id}", ["id": ""]) == "id")
    }
}
