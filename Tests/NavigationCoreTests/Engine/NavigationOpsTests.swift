import Testing
@testable import NavigationCore
import NavTestSupport

/// popTo, popToRoot, dismissAll and selectTab (docs/operations.md, semantics.md 11–14, 20).
@Suite struct NavigationOpsTests {
    /// feed: feedList > post 1 > post 2 > post 3, with profile presented.
    func deepFeed() throws -> Navigator {
        var nav = sampleNavigator()
        for id in 1...3 { _ = try nav.call("nav.route", ["to": "post", "params": ["postId": .int(id)]]) }
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 9]])
        return nav
    }

    @Test func popToByNameSearchesTheVisiblePathAndDismisses() throws {
        var nav = try deepFeed()
        let result = try nav.call("nav.popTo", ["screen": "post"])
        expectEvents(result, [
            #"willHide s8 profile {"userId":9,"section":"posts"}"#,
            #"exit s8 profile {"userId":9,"section":"posts"} modal dismiss"#,
            "flowFinished f6 - null",
            #"willShow s7 post {"postId":3}"#,
        ])
        let inclusive = try nav.call("nav.popTo", ["screen": "s6", "inclusive": true])
        expectEvents(inclusive, [
            #"willHide s7 post {"postId":3}"#,
            #"exit s7 post {"postId":3} push:zoom:zoom pop"#,
            #"exit s6 post {"postId":2} push:zoom:zoom pop"#,
            #"willShow s5 post {"postId":1}"#,
        ])
        let noop = try nav.call("nav.popTo", ["screen": "s5"])
        #expect(noop.noop && noop.events.isEmpty && noop.revision == inclusive.revision)
        expectFailure(&nav, "nav.popTo", ["screen": "chat"], code: .unknownInstance, reason: "unknownInstance")
        expectFailure(&nav, "nav.popTo", ["screen": "s1", "inclusive": true], code: .nothingToClose, reason: "nothingToClose")
    }

    @Test func popToRootPopsTheTopStackOrTheGivenFlow() throws {
        var nav = try deepFeed()
        // The top container is the profile modal: nothing to pop there.
        let top = try nav.call("nav.popToRoot")
        #expect(top.noop)
        let feed = try nav.call("nav.popToRoot", ["flow": "f2"])
        #expect(sketch(feed.events) == [
            #"willHide s8 profile {"userId":9,"section":"posts"}"#,
            #"exit s8 profile {"userId":9,"section":"posts"} modal dismiss"#,
            "flowFinished f6 - null",
            #"exit s7 post {"postId":3} push:zoom:zoom pop"#,
            #"exit s6 post {"postId":2} push:zoom:zoom pop"#,
            #"exit s5 post {"postId":1} push:zoom:zoom pop"#,
            "willShow s1 feedList",
        ])
        expectTree(nav, sampleTree())
        expectFailure(&nav, "nav.popToRoot", ["flow": "f99"], code: .unknownInstance, reason: "unknownInstance")
    }

    @Test func selectTabKeepsEachTabsState() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 1]])
        let chats = try nav.call("nav.selectTab", ["tab": "chats"])
        expectEvents(chats, [
            #"willHide s5 profile {"userId":1,"section":"posts"}"#,
            "tabSelected f1 2 chats",
            "willShow s3 chatList",
        ])
        _ = try nav.call("nav.route", ["to": "chat", "params": ["chatId": "c1"]])
        let back = try nav.call("nav.selectTab", ["tab": 0])
        #expect(sketch(back.events).last == #"willShow s5 profile {"userId":1,"section":"posts"}"#)
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                presents f6 - single modal
                  s5 profile {"userId":1,"section":"posts"} modal <top
            """, chats: """
                s3 chatList
                s6 chat {"chatId":"c1"} push
            """))
        let same = try nav.call("nav.selectTab", ["tab": "feed", "flow": "f1"])
        #expect(same.noop)
        let range = expectFailure(&nav, "nav.selectTab", ["tab": 4], code: .invalidParams, reason: "invalidParams")
        #expect(range?.message == "invalid params: 'tab' 4 is out of range: main has 4 tabs (0–3)")
        let name = expectFailure(&nav, "nav.selectTab", ["tab": "home"], code: .invalidParams, reason: "invalidParams")
        #expect(name?.message == "invalid params: 'home' is not a tab of main (tabs: feed, friends, chats, settings)")
        #expect(name?.data["suggestions"] == nil)
        let typo = expectFailure(&nav, "nav.selectTab", ["tab": "chatz"], code: .invalidParams, reason: "invalidParams")
        #expect(typo?.message == "invalid params: 'chatz' is not a tab of main (tabs: feed, friends, chats, settings); "
            + "did you mean 'chats'?")
        #expect(typo?.data["suggestions"] == ["chats"])
        expectFailure(&nav, "nav.selectTab", ["tab": "feed", "flow": "f2"], code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.selectTab", ["tab": true], code: .invalidParams, reason: "invalidParams")
        var stack = try nestedNavigator()
        expectFailure(&stack, "nav.selectTab", ["tab": 0], code: .invalidParams, reason: "invalidParams")
    }

    @Test func dismissAllEmptiesEveryTabsPresentations() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "compose"])
        _ = try nav.call("nav.route", ["to": "photoPicker"])
        _ = try nav.call("nav.selectTab", ["tab": "settings"])
        _ = try nav.call("nav.route", ["to": "login"])
        let result = try nav.call("nav.dismissAll")
        expectEvents(result, [
            "willHide s7 loginForm",
            "exit s7 loginForm modal dismiss",
            "flowFinished f8 login null",
            "exit s6 photoPicker modal:sheet:sheet dismiss",
            "flowFinished f7 - null",
            "exit s5 composePost modal dismiss",
            "flowFinished f6 compose null",
            "willShow s4 settingsHome",
        ])
        expectTree(nav, sampleTree(feed: "    s1 feedList", selected: "settings", settings: "    s4 settingsHome <top"))
        let error = expectFailure(&nav, "nav.dismissAll", code: .nothingToClose, reason: "nothingToClose")
        #expect(error?.message == "nothing is presented")
    }
}
