import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// `nav.route`, rules 1–6 of docs/operations.md, with whole trees and event lists.
@Suite struct RouteTests {
    @Test func pushWithCustomTransitionKeepsNameAndAnimator() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.route", ["to": "post", "params": ["postId": 5]])
        #expect(result.revision == 2)
        #expect(JSONWriter.string(result.jsonValue) == #"{"screen":"s5","via":{"kind":"push","name":"zoom","animator":"zoom"},"revision":2,"events":[{"type":"willHide","screen":"s1","name":"feedList","params":{},"flow":"f2"},{"type":"enter","screen":"s5","name":"post","params":{"postId":5},"flow":"f2","via":{"kind":"push","name":"zoom","animator":"zoom","direction":"push"}},{"type":"willShow","screen":"s5","name":"post","params":{"postId":5},"flow":"f2"}]}"#)
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                s5 post {"postId":5} push:zoom:zoom <top
            """))
    }

    @Test func modalScreenPresentsASingleContainerAndPushFallsBack() throws {
        var nav = sampleNavigator()
        let profile = try nav.call("nav.route", ["to": "profile", "params": ["userId": 7, "section": "photos"]])
        expectEvents(profile, [
            "willHide s1 feedList",
            "flowStarted f6 -",
            #"enter s5 profile {"userId":7,"section":"photos"} modal present"#,
            #"willShow s5 profile {"userId":7,"section":"photos"}"#,
        ])
        // chat's default is push, but a single container has no stack: modal, fallback.
        let chat = try nav.call("nav.route", ["to": "chat", "params": ["chatId": "c9"]])
        #expect(chat.jsonValue["fallback"] == true)
        #expect(chat.jsonValue["via"] == ["kind": "modal", "fallback": true])
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                presents f6 - single modal
                  s5 profile {"userId":7,"section":"photos"} modal
                  presents f7 - single modal!fallback
                    s6 chat {"chatId":"c9"} modal!fallback <top
            """))
    }

    @Test func customModalTransitionFallsBackKeepingItsAnimator() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        // profile → post uses post's default `zoom` (push based) from a single container.
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 2]])
        let post = try nav.call("nav.route", ["to": "post", "params": ["postId": 3]])
        #expect(post.jsonValue["via"] == ["kind": "modal", "name": "zoom", "animator": "zoom", "fallback": true])
    }

    @Test func modalWithNavigationMakesAStackLaterPushesUse() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 7], "transition": "modalWithNavigation"])
        _ = try nav.call("nav.route", ["to": "friendsList"])
        let post = try nav.call("nav.route", ["to": "profile", "params": ["userId": 8], "transition": "push"])
        #expect(post.jsonValue["fallback"] == nil)
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                presents f6 - stack modalWithNavigation
                  s5 profile {"userId":7,"section":"posts"} modalWithNavigation
                  s6 friendsList push
                  s7 profile {"userId":8,"section":"posts"} push <top
            """))
    }

    @Test func flowRoutedModallyStartsAChildCoordinator() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.route", ["to": "compose", "params": ["draft": "hi"]])
        #expect(result.jsonValue["screen"] == "s5")
        #expect(result.jsonValue["flow"] == "f6")
        expectEvents(result, [
            "willHide s1 feedList",
            "flowStarted f6 compose",
            #"enter s5 composePost {"draft":"hi"} modal present"#,
            #"willShow s5 composePost {"draft":"hi"}"#,
        ])
        // photoPicker opens with `sheet`, a modal-based custom transition.
        _ = try nav.call("nav.route", ["to": "photoPicker"])
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                presents f6 compose stack modal
                  s5 composePost {"draft":"hi"} modal
                  presents f7 - single modal:sheet:sheet
                    s6 photoPicker modal:sheet:sheet <top
            """))
    }

    @Test func flowRoutedWithPushIsEmbedded() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.route", ["to": "compose", "transition": "push"])
        #expect(result.jsonValue["flow"] == "f6")
        expectEvents(result, [
            "willHide s1 feedList",
            "flowStarted f6 compose",
            "enter s5 composePost push push",
            "willShow s5 composePost",
        ])
        // A screen pushed from the embedded flow belongs to it.
        _ = try nav.call("nav.route", ["to": "photoPicker", "transition": "push"])
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                s5 composePost push [f6 compose]
                s6 photoPicker push [f6 compose] <top
                child f6 compose
            """))
        #expect(nav.tree.jsonValue["tabs"]?.arrayValue?[0]["children"] == [["id": "f6", "flow": "compose", "children": []]])
    }

    @Test func edgeOverrideBeatsTheDestinationDefault() throws {
        var nav = Navigator(definition: try shopDefinition(), instance: "0")
        _ = try nav.call("nav.route", ["to": "product", "params": ["sku": "A1"]])
        // reviews defaults to `sheet`; the product → reviews edge says push.
        let reviews = try nav.call("nav.route", ["to": "reviews", "params": ["sku": "A1"]])
        #expect(reviews.jsonValue["via"] == ["kind": "push"])
        // An explicit transition beats the edge.
        _ = try nav.call("nav.close")
        let sheet = try nav.call("nav.route", ["to": "reviews", "params": ["sku": "A1"], "transition": "sheet"])
        #expect(sheet.jsonValue["via"] == ["kind": "modal", "name": "sheet", "animator": "sheet"])
    }

    @Test func singleTopIsANoOpOnEqualParams() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 5]])
        let again = try nav.call("nav.route", ["to": "post", "params": ["postId": 5], "singleTop": true])
        #expect(again.noop && again.revision == 2 && again.events.isEmpty)
        #expect(JSONWriter.string(again.jsonValue) == #"{"screen":"s5","via":null,"noop":true,"revision":2,"events":[]}"#)
        let other = try nav.call("nav.route", ["to": "post", "params": ["postId": 6], "singleTop": true])
        #expect(!other.noop && other.revision == 3)
    }

    @Test func popToThenOpenIsOneRevision() throws {
        var nav = sampleNavigator()
        for id in 1...3 { _ = try nav.call("nav.route", ["to": "post", "params": ["postId": .int(id)]]) }
        let result = try nav.call("nav.route", ["to": "profile", "params": ["userId": 1], "transition": "push",
                                                "popTo": ["screen": "post", "inclusive": true]])
        #expect(result.revision == 5)
        expectEvents(result, [
            #"willHide s7 post {"postId":3}"#,
            #"exit s7 post {"postId":3} push:zoom:zoom pop"#,
            #"enter s8 profile {"userId":1,"section":"posts"} push push"#,
            #"willShow s8 profile {"userId":1,"section":"posts"}"#,
        ])
        let byID = try nav.call("nav.route", ["to": "post", "params": ["postId": 9], "popTo": ["screen": "s5"]])
        expectEvents(byID, [
            #"willHide s8 profile {"userId":1,"section":"posts"}"#,
            #"exit s8 profile {"userId":1,"section":"posts"} push pop"#,
            #"exit s6 post {"postId":2} push:zoom:zoom pop"#,
            #"enter s9 post {"postId":9} push:zoom:zoom push"#,
            #"willShow s9 post {"postId":9}"#,
        ])
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                s5 post {"postId":1} push:zoom:zoom
                s9 post {"postId":9} push:zoom:zoom <top
            """))
    }

    @Test func fromAndExpectRevisionGuardAgainstStaleClients() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1], "from": "s1", "expectRevision": 1])
        let stale = expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 2], "from": "s1"],
                                  code: .conflict, reason: "conflict")
        #expect(stale?.data["expected"] == "s1" && stale?.data["actual"] == "s5")
        let old = expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 2], "expectRevision": 1],
                                code: .conflict, reason: "conflict")
        #expect(old?.data["expected"] == 1 && old?.data["actual"] == 2)
        #expect(old?.message == "conflict: revision is 2, expected 1")
    }

    @Test func errorsOfRouteChangeNothing() throws {
        var nav = sampleNavigator()
        let unknown = expectFailure(&nav, "nav.route", ["to": "nowhere"], code: .unknownDestination, reason: "unknownDestination")
        #expect(unknown?.message == "unknown destination 'nowhere': no screen or flow has that name")
        #expect(unknown?.data == ["reason": "unknownDestination", "to": "nowhere"])
        let typo = expectFailure(&nav, "nav.route", ["to": "prfile"], code: .unknownDestination, reason: "unknownDestination")
        #expect(typo?.message == "unknown destination 'prfile': no screen or flow has that name; did you mean 'profile'?")
        #expect(typo?.data == ["reason": "unknownDestination", "to": "prfile", "suggestions": ["profile"]])
        let notAllowed = expectFailure(&nav, "nav.route", ["to": "chat", "params": ["chatId": "c"]], code: .routeNotAllowed, reason: "routeNotAllowed")
        #expect(notAllowed?.message == "route not allowed: feedList cannot open chat (allowed: post, profile, compose)")
        #expect(notAllowed?.data == ["reason": "routeNotAllowed", "from": "feedList", "to": "chat", "allowed": ["post", "profile", "compose"]])
        let cases: [(JSONValue, String, String)] = [
            (["postId": "five"], "postId", "wrongType"),
            ([:], "postId", "missing"),
            (["postId": 5, "colour": "red"], "colour", "unknown"),
            (["postId": 5.5], "postId", "wrongType"),
        ]
        for (params, param, problem) in cases {
            let error = expectFailure(&nav, "nav.route", ["to": "post", "params": params], code: .invalidParams, reason: "invalidParams")
            #expect(error?.data["param"] == .string(param) && error?.data["problem"] == .string(problem))
        }
        let badEnum = expectFailure(&nav, "nav.route", ["to": "profile", "params": ["userId": 1, "section": "likes"]],
                                    code: .invalidParams, reason: "invalidParams")
        #expect(badEnum?.message == "invalid param 'section' of profile: 'likes' is not one of posts, photos, friends")
        let badTransition = expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 1], "transition": "spin"],
                                          code: .invalidParams, reason: "invalidParams")
        #expect(badTransition?.message == "invalid params: 'transition' names no transition: 'spin' (known: push, modal, modalWithNavigation, sheet, zoom)")
        expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 1], "expectRevison": 1], code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.route", ["to": 5], code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 1], "popTo": ["screen": "chat"]],
                      code: .unknownInstance, reason: "unknownInstance")
        expectFailure(&nav, "nav.route", .array([]), code: .invalidParams, reason: "invalidParams")
        expectFailure(&nav, "nav.fly", [:], code: .methodNotFound, reason: "methodNotFound")
        #expect(nav.revision == 1)
    }

    @Test func integersAreAcceptedForDoublesAndDefaultsAreFilled() throws {
        var nav = Navigator(definition: try shopDefinition(), instance: "0")
        let result = try nav.call("nav.route", ["to": "search", "params": ["maxPrice": 20, "q": "socks"]])
        #expect(nav.tree.screens[result.outcomeScreen!]?.params == ["q": "socks", "inStock": false, "maxPrice": 20.0])
    }

    @Test func limitsRefuseTheOperationThatWouldCrossThem() throws {
        var nav = Navigator(definition: .sample, instance: "0", limits: NavigationLimits(screensPerStack: 3, screensInTree: 100))
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 1]])
        _ = try nav.call("nav.route", ["to": "post", "params": ["postId": 2]])
        let error = expectFailure(&nav, "nav.route", ["to": "post", "params": ["postId": 3]], code: .limitExceeded, reason: "limitExceeded")
        #expect(error?.data["limit"] == 3)
        var small = Navigator(definition: .sample, instance: "0", limits: NavigationLimits(screensPerStack: 10, screensInTree: 5))
        _ = try small.call("nav.route", ["to": "post", "params": ["postId": 1]])
        expectFailure(&small, "nav.route", ["to": "post", "params": ["postId": 2]], code: .limitExceeded, reason: "limitExceeded")
    }
}

extension OperationResult {
    var outcomeScreen: ScreenID? {
        if case .route(let outcome) = detail { return outcome.screen }
        return nil
    }
}
