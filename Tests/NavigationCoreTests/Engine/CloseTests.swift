import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// `nav.close` reverses the transition that opened the screen; `flow.finish` ends a flow the
/// same way; finished flows never stay in the tree (docs/operations.md, semantics.md 8–10).
@Suite struct CloseTests {
    @Test func closingAPushedScreenPopsItAndWhatIsAbove() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 2]])
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
        let result = try nav.call("nav.close", ["screen": "s5"])
        #expect(JSONWriter.string(.object(result.detailJSON)) == #"{"closed":["s7","s6","s5"],"finished":["f6"]}"#)
        expectEvents(result, [
            #"willHide s7 profile {"userId":3,"section":"posts"}"#,
            #"exit s7 profile {"userId":3,"section":"posts"} modal dismiss"#,
            "flowFinished f6 - null",
            #"exit s6 post {"postId":2} push:zoom:zoom pop"#,
            #"exit s5 post {"postId":1} push:zoom:zoom pop"#,
            "willShow s1 feedList",
        ])
        expectTree(nav, sampleTree())
    }

    /// The navigator lists a close's events and closed screens in buffers it keeps and
    /// empties for the next revision: a result still held then keeps what it said.
    @Test func aResultHeldAcrossTheNextCloseKeepsItsClosedScreensAndEvents() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 2]])
        let first = try nav.call("nav.close")
        let second = try nav.call("nav.close")
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 3]])
        let third = try nav.call("nav.close")
        #expect(JSONWriter.string(.object(first.detailJSON)) == #"{"closed":["s6"],"finished":[]}"#)
        #expect(JSONWriter.string(.object(second.detailJSON)) == #"{"closed":["s5"],"finished":[]}"#)
        #expect(JSONWriter.string(.object(third.detailJSON)) == #"{"closed":["s7"],"finished":[]}"#)
        expectEvents(first, [
            #"willHide s6 post {"postId":2}"#,
            #"exit s6 post {"postId":2} push:zoom:zoom pop"#,
            #"willShow s5 post {"postId":1}"#,
        ])
        expectEvents(third, [
            #"willHide s7 post {"postId":3}"#,
            #"exit s7 post {"postId":3} push:zoom:zoom pop"#,
            "willShow s1 feedList",
        ])
    }

    @Test func closingTheRootOfAModalDismissesItsContainer() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "compose"])
        _ = try nav.call("nav.route", ["to": "photoPicker", "transition": "push"])
        let result = try nav.call("nav.close", ["screen": "s5"])
        expectEvents(result, [
            "willHide s6 photoPicker",
            "exit s6 photoPicker modal dismiss",
            "exit s5 composePost modal dismiss",
            "flowFinished f6 compose null",
            "willShow s1 feedList",
        ])
        #expect(result.jsonValue["finished"] == ["f6"])
        expectTree(nav, sampleTree())
    }

    @Test func rootsCannotBeClosed() throws {
        var nav = sampleNavigator()
        let error = expectFailure(&nav, "nav.close", code: .nothingToClose, reason: "nothingToClose")
        #expect(error?.message == "screen s1 is a root: it was not opened by a transition")
        expectFailure(&nav, "nav.close", ["screen": "s3"], code: .nothingToClose, reason: "nothingToClose")
        expectFailure(&nav, "nav.close", ["screen": "s99"], code: .unknownInstance, reason: "unknownInstance")
        expectFailure(&nav, "nav.close", ["screen": "feedList"], code: .invalidParams, reason: "invalidParams")
    }

    @Test func closingTheFirstScreenOfAnEmbeddedFlowFinishesIt() throws {
        var nav = try nestedNavigator()
        _ = try nav.call("nav.route", ["to": "wizard"])
        _ = try nav.call("nav.route", ["to": "stepTwo"])
        _ = try nav.call("nav.route", ["to": "extras"])
        _ = try nav.call("nav.route", ["to": "detail"])
        expectTree(nav, """
            f1 start stack
              s1 home
              s2 stepOne push [f2 wizard]
              s3 stepTwo push [f2 wizard]
              s4 extraOne push [f3 extras]
              s5 detail push [f3 extras] <top
              child f2 wizard
                child f3 extras
            """)
        let result = try nav.call("nav.close", ["screen": "s2"])
        expectEvents(result, [
            "willHide s5 detail",
            "exit s5 detail push pop",
            "exit s4 extraOne push pop",
            "flowFinished f3 extras null",
            "exit s3 stepTwo push pop",
            "exit s2 stepOne push pop",
            "flowFinished f2 wizard null",
            "willShow s1 home",
        ])
        expectTree(nav, """
            f1 start stack
              s1 home <top
            """)
    }

    @Test func closingInsideAnEmbeddedFlowKeepsItWhileItHasScreens() throws {
        var nav = try nestedNavigator()
        _ = try nav.call("nav.route", ["to": "wizard"])
        _ = try nav.call("nav.route", ["to": "extras"])
        let result = try nav.call("nav.close")
        #expect(result.jsonValue["finished"] == ["f3"])
        expectTree(nav, """
            f1 start stack
              s1 home
              s2 stepOne push [f2 wizard] <top
              child f2 wizard
            """)
    }

    @Test func finishCarriesItsResult() throws {
        var nav = try nestedNavigator()
        _ = try nav.call("nav.route", ["to": "wizard"])
        _ = try nav.call("nav.route", ["to": "stepTwo"])
        let result = try nav.call("flow.finish", ["flow": "f2", "result": ["accepted": true]])
        expectEvents(result, [
            "willHide s3 stepTwo",
            "exit s3 stepTwo push pop",
            "exit s2 stepOne push pop",
            #"flowFinished f2 wizard {"accepted":true}"#,
            "willShow s1 home",
        ])
        var sample = sampleNavigator()
        _ = try sample.call("nav.route", ["to": "compose"])
        let compose = try sample.call("flow.finish", ["flow": "f6", "result": "sent"])
        #expect(sketch(compose.events).contains(#"flowFinished f6 compose "sent""#))
        expectFailure(&sample, "flow.finish", ["flow": "f1"], code: .nothingToClose, reason: "nothingToClose")
        let tab = expectFailure(&sample, "flow.finish", ["flow": "f2"], code: .nothingToClose, reason: "nothingToClose")
        #expect(tab?.message == "flow f2 is a tab of the root flow f1: tabs and the root flow cannot finish")
        expectFailure(&sample, "flow.finish", ["flow": "f6"], code: .unknownInstance, reason: "unknownInstance")
        expectFailure(&sample, "flow.finish", [:], code: .invalidParams, reason: "invalidParams")
    }

    @Test func aPresentedTabsFlowStartsEveryTabAndDismissesAsOne() throws {
        var nav = try nestedNavigator()
        let opened = try nav.call("nav.route", ["to": "browser"])
        expectEvents(opened, [
            "willHide s1 home",
            "flowStarted f2 browser",
            "flowStarted f3 left", "enter s2 leftHome modal present",
            "flowStarted f4 right", "enter s3 rightHome modal present",
            "willShow s3 rightHome",
        ])
        _ = try nav.call("nav.route", ["to": "detail"])
        expectTree(nav, """
            f1 start stack
              s1 home
              presents f2 browser tabs selected=right modal
                f3 left stack
                  s2 leftHome
                f4 right stack
                  s3 rightHome
                  s4 detail push <top
            """)
        // A tab root of a presented tabs flow closes the whole tabs flow.
        let closed = try nav.call("nav.close", ["screen": "s2"])
        expectEvents(closed, [
            "willHide s4 detail",
            "exit s4 detail modal dismiss",
            "exit s3 rightHome modal dismiss",
            "flowFinished f4 right null",
            "exit s2 leftHome modal dismiss",
            "flowFinished f3 left null",
            "flowFinished f2 browser null",
            "willShow s1 home",
        ])
    }

    @Test func aTabOfAPresentedTabsFlowSaysWhatToFinish() throws {
        var nav = try nestedNavigator()
        _ = try nav.call("nav.route", ["to": "browser"])
        let error = expectFailure(&nav, "flow.finish", ["flow": "f3"], code: .nothingToClose, reason: "nothingToClose")
        #expect(error?.message == "flow f3 is a tab of f2: finish f2 instead")
    }

    @Test func aTabsFlowRoutedWithPushIsPresentedInstead() throws {
        var nav = try nestedNavigator()
        let opened = try nav.call("nav.route", ["to": "browser", "transition": "push"])
        #expect(opened.jsonValue["via"] == ["kind": "modal", "fallback": true])
        #expect(opened.jsonValue["fallback"] == true)
    }
}
