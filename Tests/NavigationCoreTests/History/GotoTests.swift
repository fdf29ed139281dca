import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// `goto` makes an earlier tree current as one new revision whose events are the net change,
/// ordered as every revision's are; `reset` opens the boot tree with fresh ids.
@Suite struct GotoTests {
    /// Going back to the boot tree from a pushed, pushed, presented state tells clients what
    /// closing the first pushed screen tells them (CloseTests): the same events, in order.
    @Test func gotoBackIsTheNetChangeInTheEngineOrder() throws {
        var nav = sampleNavigator()
        let boot = nav.tree
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 2]])
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        var closing = nav
        let closed = try closing.call("nav.close", ["screen": "s5"])
        let result = try nav.goto(boot)
        #expect(result.revision == 5 && !result.noop)
        #expect(result.events == closed.events)
        expectEvents(result, [
            #"willHide s7 profile {"userId":3,"section":"posts"}"#,
            #"exit s7 profile {"userId":3,"section":"posts"} modal dismiss"#,
            "flowFinished f6 - null",
            #"exit s6 post {"postId":2} push:zoom:zoom pop"#,
            #"exit s5 post {"postId":1} push:zoom:zoom pop"#,
            "willShow s1 feedList",
        ])
        expectTree(nav, sampleTree())
        #expect(nav.tree == boot)
    }

    /// Forward again: the screens come back with their own ids, flows start before their
    /// first screen, a presentation enters with its transition.
    @Test func gotoForwardBringsTheSameInstancesBack() throws {
        var nav = sampleNavigator()
        let boot = nav.tree
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        let routed = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        let later = nav.tree
        _ = try nav.goto(boot)
        let result = try nav.goto(later)
        expectEvents(result, [
            "willHide s1 feedList",
            #"enter s5 post {"postId":1} push:zoom:zoom push"#,
            "flowStarted f6 -",
            #"enter s6 profile {"userId":3,"section":"posts"} modal present"#,
            #"willShow s6 profile {"userId":3,"section":"posts"}"#,
        ])
        #expect(nav.tree == later)
        #expect(result.revision == 5)
        // The route's own enter and this one say the same.
        #expect(routed.events.contains(result.events[3]))
        // Ids go on from where they were: the next screen is s7.
        let next = try nav.call("nav.route", ["to": "post", "params": ["postId": 9]])
        #expect(next.jsonValue["screen"] == "s7")
    }

    /// A tab selection and a presented tabs flow: `tabSelected` where the selection differs,
    /// tab roots entering with the presentation.
    @Test func gotoSelectsTabsAndPresentsTabsFlows() throws {
        var nav = try nestedNavigator()
        let boot = nav.tree
        _ = try nav.call("nav.route", ["to": "browser"])
        _ = try nav.call("nav.selectTab", ["tab": "left"])
        let browsing = nav.tree
        _ = try nav.goto(boot)
        let result = try nav.goto(browsing)
        expectEvents(result, [
            "willHide s1 home",
            "flowStarted f2 browser",
            "flowStarted f3 left",
            "enter s2 leftHome modal present",
            "flowStarted f4 right",
            "enter s3 rightHome modal present",
            "willShow s2 leftHome",
        ])
        _ = try nav.call("nav.selectTab", ["tab": "right"])
        let selected = try nav.goto(browsing)
        expectEvents(selected, ["willHide s3 rightHome", "tabSelected f2 0 left", "willShow s2 leftHome"])
    }

    @Test func gotoTheCurrentTreeIsANoop() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        let result = try nav.goto(nav.tree)
        #expect(result.noop && result.events.isEmpty && result.revision == 2 && nav.revision == 2)
    }

    @Test func gotoChecksExpectRevisionAndChangesNothingWhenRefused() throws {
        var nav = sampleNavigator()
        let boot = nav.tree
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        let before = nav.tree
        #expect(throws: NavError.self) { try nav.goto(boot, expectRevision: 1) }
        #expect(nav.tree == before && nav.revision == 2)
        #expect(try nav.goto(boot, expectRevision: 2).revision == 3)
    }

    /// A tree from another definition does not fit: refused with what does not fit.
    @Test func gotoRefusesATreeThatDoesNotFit() throws {
        var nested = try nestedNavigator()
        var nav = sampleNavigator()
        let revision = nav.revision
        do {
            _ = try nav.goto(nested.tree)
            Issue.record("a tree of another app was accepted")
        } catch {
            #expect(error.reason == .invalidParams)
            #expect(error.data["problems"]?.arrayValue?.first == "the root flow f1 is 'start', the app definition's root is 'main'")
        }
        #expect(nav.revision == revision)
        _ = try nested.call("nav.route", ["to": "wizard"])
    }

    /// Reset: every screen exits, the boot tree enters with ids never used before.
    @Test func resetOpensTheBootTreeWithFreshIDs() throws {
        var nav = try nestedNavigator()
        _ = try nav.call("nav.route", ["to": "wizard"])
        let result = try nav.reset()
        expectEvents(result, [
            "willHide s2 stepOne",
            "exit s2 stepOne push pop",
            "flowFinished f2 wizard null",
            "exit s1 home -",
            "flowFinished f1 start null",
            "flowStarted f3 start",
            "enter s3 home -",
            "willShow s3 home",
        ])
        #expect(result.revision == 3)
        expectTree(nav, "f3 start stack\n  s3 home <top")
        // A reset of the boot tree is still a revision: the ids are new.
        let again = try nav.reset()
        #expect(again.revision == 4 && !again.noop)
        #expect(sketch(nav.tree) == "f4 start stack\n  s4 home <top")
    }

    @Test func resetChecksExpectRevision() throws {
        var nav = sampleNavigator()
        #expect(throws: NavError.self) { try nav.reset(expectRevision: 7) }
        #expect(nav.revision == 1)
    }
}
