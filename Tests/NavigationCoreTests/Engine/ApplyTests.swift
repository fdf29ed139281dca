import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// `nav.apply`: several operations, one revision or none (docs/operations.md, semantics.md 21, 24).
@Suite struct ApplyTests {
    @Test func allOperationsCommitAsOneRevisionWithNetEvents() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.apply", ["ops": [
            ["method": "nav.route", "params": ["to": "post", "params": ["postId": 1]]],
            ["method": "nav.route", "params": ["to": "profile", "params": ["userId": 2]]],
            ["method": "nav.close"],
            ["method": "nav.selectTab", "params": ["tab": "friends"]],
        ]])
        #expect(result.revision == 2)
        // profile was opened and closed inside the revision: no events for it.
        expectEvents(result, [
            "willHide s1 feedList",
            "tabSelected f1 1 friends",
            #"enter s5 post {"postId":1} push:zoom:zoom push"#,
            "willShow s2 friendsList",
        ])
        #expect(JSONWriter.string(.object(result.detailJSON)) == #"{"results":[{"screen":"s5","via":{"kind":"push","name":"zoom","animator":"zoom"}},{"screen":"s6","flow":"f6","via":{"kind":"modal"}},{"closed":["s6"],"finished":["f6"]},{}]}"#)
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                s5 post {"postId":1} push:zoom:zoom
            """, selected: "friends", friends: "    s2 friendsList <top"))
    }

    @Test func aFailingStepRollsBackEverythingAndNamesTheStep() throws {
        var nav = sampleNavigator()
        let error = expectFailure(&nav, "nav.apply", ["ops": [
            ["method": "nav.route", "params": ["to": "post", "params": ["postId": 1]]],
            ["method": "nav.route", "params": ["to": "chat", "params": ["chatId": "x"]]],
        ]], code: .routeNotAllowed, reason: "routeNotAllowed")
        #expect(error?.data["step"] == 1 && error?.data["stepOp"] == "nav.route")
        #expect(error?.message == "step 1 (nav.route): route not allowed: post cannot open chat (allowed: profile, post)")
        // The ids the failed apply used are free again: nothing was ever committed with them.
        let next = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        #expect(next.jsonValue["screen"] == "s5")
    }

    @Test func malformedStepsAreRefusedBeforeAnythingRuns() throws {
        var nav = sampleNavigator()
        let unknown = expectFailure(&nav, "nav.apply", ["ops": [["method": "nav.state"]]], code: .invalidParams, reason: "invalidParams")
        #expect(unknown?.data["step"] == 0)
        expectFailure(&nav, "nav.apply", ["ops": [["method": "nav.close", "params": ["screen": 5]]]], code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.apply", ["ops": "nav.close"], code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.apply", ["ops": [["method": "nav.close", "extra": 1]]], code: .invalidParams, reason: "invalidParams")
    }

    @Test func expectRevisionAppliesToTheWholeApplyAndItsSteps() throws {
        var nav = sampleNavigator()
        expectFailure(&nav, "nav.apply", ["ops": [], "expectRevision": 7], code: .conflict, reason: "conflict")
        let step = expectFailure(&nav, "nav.apply", ["ops": [["method": "nav.dismissAll", "params": ["expectRevision": 3]]]],
                                 code: .conflict, reason: "conflict")
        #expect(step?.data["step"] == 0)
        let empty = try nav.call("nav.apply", ["ops": []])
        #expect(empty.noop && empty.revision == 1)
    }
}
