import Foundation
import Testing
@testable import NavigationCore
@testable import NavJSON

@Suite struct DefinitionTests {
    @Test func sampleLoadsWithoutErrorsOrWarnings() throws {
        let (definition, warnings) = try AppDefinition.load(json: AppDefinition.sampleJSON)
        #expect(warnings == [])
        #expect(definition.validate() == [])
        #expect(definition.app == "social")
        #expect(definition.flows.map(\.name) == ["main", "feed", "friends", "chats", "settings", "compose", "login"])
        #expect(definition.screens.map(\.name) == [
            "feedList", "post", "composePost", "photoPicker", "friendsList", "profile", "chatList", "chat",
            "message", "settingsHome", "account", "loginForm", "twoFactor", "notFound",
        ])
        #expect(definition.source == (try JSONParser.parse(AppDefinition.sampleJSON)))
    }

    @Test func sampleIsDecodedCompletely() {
        let sample = AppDefinition.sample
        #expect(sample.schemes == ["social"])
        #expect(sample.hosts == ["social.example.com"])
        #expect(sample.root == "main")
        #expect(sample.notFound == "notFound")
        #expect(sample.flow(named: "main") == FlowDefinition(
            name: "main", kind: .tabs(tabs: ["feed", "friends", "chats", "settings"], initialTab: "feed")))
        #expect(sample.flow(named: "compose") == FlowDefinition(
            name: "compose", kind: .stack(root: "composePost"), transition: "modal"))
        #expect(sample.transitions == [
            TransitionDefinition(name: "sheet", base: .modal, animator: "sheet"),
            TransitionDefinition(name: "zoom", base: .push, animator: "zoom"),
        ])
        #expect(sample.screen(named: "profile") == ScreenDefinition(
            name: "profile", path: "/users/:userId(/:section)",
            params: [
                ParamDefinition(name: "userId", type: .int),
                ParamDefinition(
                    name: "section", type: .enumeration(["posts", "photos", "friends"]), optional: true,
                    defaultValue: "posts"),
            ],
            routes: RouteRules(edges: ["chat", "friendsList", "post", "profile"].map { RouteRules.Edge(to: $0) }),
            transition: "modal"))
        #expect(sample.screen(named: "account") == ScreenDefinition(
            name: "account", path: "/settings/account", requires: ["signedIn"]))
        #expect(sample.guards == [GuardDefinition(name: "signedIn", redirect: "login")])
    }

    @Test func shopFixtureLoadsWithoutErrorsOrWarnings() throws {
        let url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("protocol/fixtures/shop-app.json")
        let (shop, warnings) = try AppDefinition.load(json: try String(contentsOf: url, encoding: .utf8))
        #expect(warnings == [])
        #expect(shop.flow(named: "store")?.kind == .stack(root: "home"))
        #expect(shop.flows.allSatisfy { !$0.isTabs })
        #expect(shop.flow(named: "checkout")?.transition == "push")
        #expect(shop.screen(named: "help")?.transition == "modalWithNavigation")
        #expect(shop.screen(named: "helpTopic")?.routes == RouteRules(allowsAny: true))
        #expect(shop.screen(named: "product")?.routes.edge(to: "reviews") == RouteRules.Edge(to: "reviews", transition: "push"))
        #expect(shop.screen(named: "search")?.params.map(\.type) == [.string, .bool, .double])
        #expect(shop.notFound == nil)
        #expect(shop.screens.count == 12)
    }

    @Test func jsonSyntaxErrorIsOneDiagnosticWithTheByteOffset() {
        // The path is the member the error is inside; `navd check` shows the offset as a line
        // and column (`DiagnosticLocation`).
        #expect(check(#"{"app": }"#) == ["error: $.app: invalid JSON: unexpected character '}' (byte 8)"])
        #expect(check(#"{"app": "t", "screens": {"a": {"params": [1, 2 3]}}}"#) == [
            "error: $.screens.a.params: invalid JSON: expected ',' or ']' in an array (byte 47)"
        ])
    }

    @Test func structuralErrorsAreReportedWithoutSemanticCascade() {
        // `main` cannot be decoded, so validation does not run and `root` is not called unknown.
        #expect(check(#"{"app": "t", "root": "main", "flows": {"main": {"kind": "stak"}}, "rout": 1}"#) == [
            "error: $.rout: unknown field 'rout'",
            "error: $.flows.main.kind: unknown flow kind 'stak' (expected stack or tabs)",
        ])
    }

    @Test func loadReturnsWarningsAndThrowsErrorsWithThem() throws {
        let (definition, warnings) = try AppDefinition.load(json: app(screens: #""orphan": {}"#))
        #expect(definition.screens.map(\.name) == ["home", "orphan"])
        #expect(warnings == [.warning("$.screens.orphan", "unreachable from root flow 'main' by routes, tabs or deep links")])
        #expect(throws: DefinitionError.self) { try AppDefinition.load(json: app(screens: #""orphan": {"routes": ["x"]}"#)) }
        #expect(check(app(screens: #""orphan": {"routes": ["x"]}"#)) == [
            "error: $.screens.orphan.routes[0]: unknown destination 'x'",
            "warning: $.screens.orphan: unreachable from root flow 'main' by routes, tabs or deep links",
        ])
    }

    @Test func brokenDefinitionReportsEveryProblemAtOnce() {
        let text = #"""
            {
              "app": "broken",
              "root": "main",
              "flows": {
                "main":    { "kind": "tabs", "tabs": ["feed", "inner", "ghost", "home"], "initialTab": "missing" },
                "inner":   { "kind": "tabs", "tabs": ["feed"], "initialTab": "feed" },
                "feed":    { "kind": "stack", "root": "compose", "transition": "slide" },
                "compose": { "kind": "stack", "root": "home" }
              },
              "transitions": { "zoom": { "base": "push", "animator": "zoom" } },
              "screens": {
                "home":    { "path": "/home", "routes": ["*", "chatt", { "to": "feed", "transition": "warp" }],
                             "transition": "zoom" },
                "compose": { "routes": ["post"] },
                "user":    { "path": "/users/:id(/:tab" },
                "post":    { "path": "/posts/:postId/:slug", "params": { "postId": { "type": "uuid" } },
                             "requires": ["admin"] },
                "twin":    { "path": "/posts/:a/:b",
                             "params": { "a": { "type": "string" }, "b": { "type": "string" } } },
                "lost":    { "params": { "n": { "type": "int", "default": "five" },
                                         "order": { "type": "enum", "values": ["asc", "desc"],
                                                    "optional": true, "default": "up" } } }
              },
              "notFound": "lost",
              "guards": { "signedIn": { "redirect": "nowhere" } }
            }
            """#
        #expect(check(text) == [
            "error: $.flows.main.tabs[1]: tabs flow 'inner' cannot be a tab of tabs flow 'main'",
            "error: $.flows.main.tabs[2]: unknown flow 'ghost'",
            "error: $.flows.main.tabs[3]: 'home' is a screen, but a tab must be a flow",
            "error: $.flows.main.initialTab: initialTab 'missing' is not one of the tabs",
            "error: $.flows.feed.transition: unknown transition 'slide'",
            "error: $.screens.home.routes[1]: unknown destination 'chatt'",
            "error: $.screens.home.routes[2].transition: unknown transition 'warp'",
            "error: $.screens.compose: 'compose' names both a screen and a flow",
            "error: $.screens.user.path: invalid path pattern: unclosed '('",
            "error: $.screens.post.path: path param 'slug' is not declared in params",
            "error: $.screens.post.params.postId.type: unknown param type 'uuid' (valid types: string, int, double, bool, enum)",
            "error: $.screens.post.requires[0]: unknown guard 'admin'",
            "error: $.screens.twin.path: '/posts/:a/:b' matches the same URLs as '/posts/:postId/:slug' of screen 'post' at $.screens.post.path",
            "error: $.screens.lost.params.n.default: expected int, got string",
            "warning: $.screens.lost.params.n.default: required param 'n' has a default; mark it \"optional\": true",
            "error: $.screens.lost.params.order.default: 'up' is not one of asc, desc",
            "error: $.notFound: notFound screen 'lost' must declare a param 'url' of type string",
            "error: $.guards.signedIn.redirect: unknown destination 'nowhere'",
        ])
    }
}
