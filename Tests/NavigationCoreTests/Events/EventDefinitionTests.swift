import Testing
@testable import NavigationCore
@testable import NavJSON

/// Routing events in the app definition (Protocol/semantics.md 70): decoding, the payload's
/// validation, placeholder substitution and the load-time checks, each asserting the whole
/// result.
@Suite struct EventDefinitionTests {
    private static let definition = AppDefinition.sample

    @Test func sampleDeclaresItsEventsInOrder() {
        #expect(Self.definition.events.map(\.name) == ["postTapped", "userTapped", "messageReceived", "loggedOut", "pushReceived"])
        #expect(Self.definition.event(named: "pushReceived")?.steps == [])
        #expect(Self.definition.event(named: "nope") == nil)
    }

    @Test func wholePlaceholderKeepsThePayloadsType() {
        let event = Self.definition.event(named: "postTapped")!
        #expect(event.substitutedSteps(["postId": 42]) == [
            EventStep(method: "nav.route", params: ["to": "post", "params": ["postId": 42]])
        ])
    }

    @Test func interpolationInADeepLinkIsPercentEncoded() {
        let event = Self.definition.event(named: "messageReceived")!
        #expect(event.substitutedSteps(["chatId": "c 9/x", "messageId": 4]) == [
            EventStep(method: "nav.deeplink", params: ["url": "social://chats/c%209%2Fx/messages/4"])
        ])
    }

    @Test func interpolationElsewhereIsPlainAndBracesThatNameNothingStay() {
        let step = EventStep(method: "nav.route", params: ["to": "$dest", "params": ["draft": "hi {who}, {} {not a name} {who}"], "list": ["$who", 1]])
        #expect(step.substituted(["dest": "composePost", "who": "a b"]) == EventStep(
            method: "nav.route", params: ["to": "composePost", "params": ["draft": "hi a b, {} {not a name} a b"], "list": ["a b", 1]]))
    }

    @Test func anAbsentOptionalParamLeavesOutItsMember() {
        let step = EventStep(method: "nav.route", params: ["to": "composePost", "params": ["draft": "$draft"]])
        #expect(step.substituted([:]) == EventStep(method: "nav.route", params: ["to": "composePost", "params": [:]]))
    }

    @Test func payloadIsValidatedAsRouteParams() throws {
        let event = Self.definition.event(named: "messageReceived")!
        #expect(try event.validatedPayload(["chatId": "c9", "messageId": 4.0]) == ["chatId": "c9", "messageId": 4])
        func refusal(_ payload: JSONObject) -> String? {
            do throws(NavError) {
                _ = try event.validatedPayload(payload)
                return nil
            } catch {
                return "\(error.reason) \(error.data["param"]!) \(error.data["problem"]!) \(error.data["event"]!): \(error.message)"
            }
        }
        #expect(refusal(["chatId": "c9"]) == #"invalidParams "messageId" "missing" "messageReceived": invalid payload param 'messageId' of event messageReceived: missing"#)
        #expect(refusal(["chatId": "c9", "messageId": "4"]) == #"invalidParams "messageId" "wrongType" "messageReceived": invalid payload param 'messageId' of event messageReceived: expected int, got string"#)
        #expect(refusal(["chatId": "c9", "messageId": 4, "extra": 1]) == #"invalidParams "extra" "unknown" "messageReceived": invalid payload param 'extra' of event messageReceived: unknown"#)
    }

    @Test func stepsMustUseDeclaredParamsExistingDestinationsAndFittingTypes() {
        let events = #"""
            "events": {
              "a": {"params": {"n": {"type": "int"}, "flag": {"type": "bool"}},
                    "steps": [{"method": "nav.route", "params": {"to": "hom", "params": {}}},
                              {"method": "nav.route", "params": {"to": "item", "params": {"id": "$flag", "other": 1}}},
                              {"method": "nav.route", "params": {"to": "$n"}},
                              {"method": "nav.deeplink", "params": {"url": "t://item/{missing}"}},
                              {"method": "nav.route", "params": {"to": "item", "params": {"id": "$n"}}}]},
              "b": {"steps": [{"method": "nav.close", "params": {"screen": "$gone"}}]}
            }
            """#
        let bad = #""events": {"bad": {"steps": [{"params": {}}, "nav.close", {"method": "nav.close", "params": 3}]}}"#
        #expect(check(app(extra: bad)) == [
            "error: $.events.bad.steps[0]: missing required field 'method'",
            "error: $.events.bad.steps[1]: expected an object, got string",
            "error: $.events.bad.steps[2].params: expected an object, got integer",
        ])
        // The placeholders are the engine's check; the route steps' destinations and params
        // the protocol layer's, which knows which steps route (`EventStepCheck`), after it.
        #expect(check(app(screens: #""item": {"path": "/item/:id", "params": {"id": {"type": "int"}}}"#, extra: events)) == [
            "error: $.events.a.steps[3].params.url: '{missing}' names no payload param of event a (declared: n, flag)",
            "error: $.events.b.steps[0].params.screen: '$gone' names no payload param of event b (the event declares no params)",
            "error: $.events.a.steps[0].params.to: unknown destination 'hom'; did you mean 'home'?",
            "error: $.events.a.steps[1].params.params.id: '$flag' is a bool payload param; item.id is int",
            "error: $.events.a.steps[1].params.params.other: screen item has no param 'other'",
            "error: $.events.a.steps[2].params.to: '$n' is an int payload param; 'to' names a destination (a string)",
        ])
    }

    @Test func payloadParamsAreCheckedAsScreenParams() {
        #expect(check(app(extra: #""events": {"e": {"params": {"x": {"type": "integr"}}}}"#)) == [
            "error: $.events.e.params.x.type: unknown param type 'integr' (valid types: string, int, double, bool, enum)"
        ])
    }
}
