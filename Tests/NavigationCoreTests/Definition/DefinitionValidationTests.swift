import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// One test per check of docs/app-definition.md; each asserts the whole diagnostics list.
@Suite struct DefinitionValidationTests {
    @Test func minimalAppIsValid() {
        #expect(check(app()) == [])
    }

    @Test func rootMustNameAFlow() {
        #expect(check(app().replacingOccurrences(of: #""root": "main""#, with: #""root": "mian""#)) == [
            "error: $.root: unknown flow 'mian'; did you mean 'main'?"
        ])
        #expect(check(app().replacingOccurrences(of: #""root": "main""#, with: #""root": "home""#)) == [
            "error: $.root: 'home' is a screen, but root must be a flow"
        ])
    }

    @Test func stackRootMustNameAScreen() {
        #expect(check(app(flows: #""a": {"kind": "stack", "root": "hom"}, "b": {"kind": "stack", "root": "main"}"#)) == [
            "error: $.flows.a.root: unknown screen 'hom'; did you mean 'home'?",
            "error: $.flows.b.root: 'main' is a flow, but a stack root must be a screen",
        ])
    }

    @Test func tabsMustBeDistinctStackFlowsIncludingTheInitialTab() {
        let text = #"""
            {"app": "t", "root": "main",
             "flows": {"main": {"kind": "tabs", "tabs": ["a", "inner", "home", "nope", "a"], "initialTab": "b"},
                       "inner": {"kind": "tabs", "tabs": ["a"], "initialTab": "a"},
                       "empty": {"kind": "tabs", "tabs": [], "initialTab": "a"},
                       "a": {"kind": "stack", "root": "home"}},
             "screens": {"home": {"path": "/"}}}
            """#
        #expect(check(text) == [
            "error: $.flows.main.tabs[1]: tabs flow 'inner' cannot be a tab of tabs flow 'main'",
            "error: $.flows.main.tabs[2]: 'home' is a screen, but a tab must be a flow",
            "error: $.flows.main.tabs[3]: unknown flow 'nope'",
            "error: $.flows.main.tabs[4]: duplicate tab 'a'",
            "error: $.flows.main.initialTab: initialTab 'b' is not one of the tabs; did you mean 'a'?",
            "error: $.flows.empty.tabs: a tabs flow needs at least one tab",
            "error: $.flows.empty.initialTab: initialTab 'a' is not one of the tabs",
        ])
    }

    @Test func routesMustNameScreensOrFlows() {
        #expect(check(app(
            screens: #""s": {"path": "/s", "routes": ["*", "home", "chatt", {"to": "main"}, {"to": "flw", "transition": "modal"}, "home"]}"#
        )) == [
            "error: $.screens.s.routes[2]: unknown destination 'chatt'",
            "error: $.screens.s.routes[4]: unknown destination 'flw'",
            "warning: $.screens.s.routes[5]: duplicate route 'home'; the first entry wins",
        ])
    }

    @Test func transitionsMustBeBuiltInOrDeclared() {
        #expect(check(app(
            screens: #"""
                "a": {"path": "/a", "transition": "zoom", "routes": [{"to": "b", "transition": "modalWithNavigation"}]},
                "b": {"path": "/b", "transition": "slide", "routes": [{"to": "a", "transition": "warp"}]}
                """#,
            flows: #""f": {"kind": "stack", "root": "a", "transition": "fade"}, "g": {"kind": "stack", "root": "b", "transition": "push"}"#,
            extra: #""transitions": {"zoom": {"base": "push", "animator": "zoom"}}"#
        )) == [
            "error: $.flows.f.transition: unknown transition 'fade'",
            "error: $.screens.b.routes[0].transition: unknown transition 'warp'",
            "error: $.screens.b.transition: unknown transition 'slide'",
        ])
    }

    @Test func notFoundMustBeAScreenTakingOnlyAStringURL() {
        let screens = #"""
            "nf1": {"params": {"url": {"type": "string"}, "code": {"type": "int", "optional": true}}},
            "nf2": {"params": {"url": {"type": "int"}}},
            "nf3": {},
            "nf4": {"params": {"url": {"type": "string"}, "code": {"type": "int"}, "lang": {"type": "string", "optional": true, "default": "en"}}}
            """#
        /// The errors only: the other candidate screens are unreachable, which is a warning.
        func notFound(_ name: String) -> [String] {
            check(app(screens: screens, extra: #""notFound": "\#(name)""#)).filter { !$0.hasPrefix("warning") }
        }
        #expect(notFound("nf1") == [])
        #expect(notFound("nf2") == ["error: $.notFound: notFound screen 'nf2' must declare a param 'url' of type string"])
        #expect(notFound("nf3") == ["error: $.notFound: notFound screen 'nf3' must declare a param 'url' of type string"])
        #expect(notFound("nf4") == [
            "error: $.notFound: notFound screen 'nf4' requires param 'code', but it is opened with only 'url'"
        ])
        #expect(notFound("nope") == ["error: $.notFound: unknown screen 'nope'; did you mean 'home'?"])
        #expect(notFound("main") == ["error: $.notFound: 'main' is a flow, but notFound must be a screen"])
    }

    @Test func guardsAndRequiresMustResolve() {
        #expect(check(app(
            screens: #""a": {"path": "/a", "requires": ["signedIn", "admin"]}, "b": {"path": "/b", "requires": ["sigendIn"]}"#,
            extra: #""guards": {"signedIn": {"redirect": "main"}, "admin": {"redirect": "a"}, "broken": {"redirect": "login"}}"#
        )) == [
            "error: $.screens.b.requires[0]: unknown guard 'sigendIn'; did you mean 'signedIn'?",
            "error: $.guards.admin.redirect: redirect 'a' requires 'admin', the guard it redirects for: it could never open",
            "error: $.guards.broken.redirect: unknown destination 'login'",
        ])
    }

    @Test func screenAndFlowNamesShareOneNamespace() {
        #expect(check(app(screens: #""main": {"path": "/main"}"#)) == [
            "error: $.screens.main: 'main' names both a screen and a flow"
        ])
    }

    @Test func pathParamsMustBeDeclared() {
        #expect(check(app(screens: #"""
            "a": {"path": "/a/:id(/:tab)/*rest", "params": {"id": {"type": "int"}}}
            """#)) == [
            "error: $.screens.a.path: path param 'tab' is not declared in params",
            "error: $.screens.a.path: path param 'rest' is not declared in params",
        ])
    }

    @Test func paramTypesMustBeKnown() {
        #expect(check(app(screens: #"""
            "a": {"path": "/a/:id", "params": {"id": {"type": "uuid"}, "when": {"type": "date", "optional": true}}}
            """#)) == [
            "error: $.screens.a.params.id.type: unknown param type 'uuid' (valid types: string, int, double, bool, enum)",
            "error: $.screens.a.params.when.type: unknown param type 'date' (valid types: string, int, double, bool, enum)",
        ])
    }

    @Test func defaultsMustHaveTheParamType() {
        #expect(check(app(screens: #"""
            "a": {"path": "/a", "params": {
              "s": {"type": "string", "optional": true, "default": 1},
              "i": {"type": "int", "optional": true, "default": 1.5},
              "i2": {"type": "int", "optional": true, "default": 2.0},
              "d": {"type": "double", "optional": true, "default": 3},
              "b": {"type": "bool", "optional": true, "default": "true"},
              "e": {"type": "enum", "values": ["posts", "photos"], "optional": true, "default": "videos"},
              "e2": {"type": "enum", "values": ["posts", "photos"], "optional": true, "default": "photos"},
              "n": {"type": "string", "optional": true, "default": null},
              "r": {"type": "int", "default": 1}}}
            """#)) == [
            "error: $.screens.a.params.s.default: expected string, got integer",
            "error: $.screens.a.params.i.default: expected int, got 1.5",
            "error: $.screens.a.params.b.default: expected bool, got string",
            "error: $.screens.a.params.e.default: 'videos' is not one of posts, photos",
            "error: $.screens.a.params.n.default: expected string, got null",
            "warning: $.screens.a.params.r.default: required param 'r' has a default; mark it \"optional\": true",
        ])
    }

    @Test func pathPatternSyntaxIsChecked() {
        #expect(check(app(screens: #"""
            "a": {"path": "/a(/:x"}, "b": {"path": "/b)"}, "c": {"path": "/c/:"}, "d": {"path": "/d/*rest/more"},
            "e": {"path": "e"}, "f": {"path": "/f//g"}, "g": {"path": "/g/"}, "h": {"path": "/h/:x/:x"}, "i": {"path": "/i()"},
            "j": {"path": "/j(k)"}, "k": {"path": "/k/:x-y"}, "l": {"path": "/l?m"}
            """#)) == [
            "error: $.screens.a.path: invalid path pattern: unclosed '('",
            "error: $.screens.b.path: invalid path pattern: unmatched ')'",
            "error: $.screens.c.path: invalid path pattern: invalid param name ''",
            "error: $.screens.d.path: invalid path pattern: '*rest' must be the last segment",
            "error: $.screens.e.path: invalid path pattern: a pattern must start with '/'",
            "error: $.screens.f.path: invalid path pattern: empty segment",
            "error: $.screens.g.path: invalid path pattern: empty segment",
            "error: $.screens.h.path: invalid path pattern: param 'x' appears twice",
            "error: $.screens.i.path: invalid path pattern: an optional group must start with '/'",
            "error: $.screens.j.path: invalid path pattern: an optional group must start with '/'",
            "error: $.screens.k.path: invalid path pattern: invalid param name 'x-y'",
            "error: $.screens.l.path: invalid path pattern: a literal may not contain '?' or '#' (write %3F, %23)",
        ])
    }

    /// Validation reads paths with the deep-link matcher's parser, so an app definition loads
    /// exactly when the matcher can build every path: `Navigator` builds the matcher with a
    /// precondition, and a path accepted here but not there would crash navd. The list holds
    /// patterns on which the grammar's two earlier readers disagreed, and an example of each rejection.
    @Test(arguments: [
        "/", "/a", "/a/b:c", "/%3Ax/%2A", "/caf%C3%A9", "/café", "/a b", "/a(/b)(/b)", "/a(/:x(/:y))",
        "/files(/*rest)", "/a/:_id2", "/a" + String(repeating: "(/b)", count: 6),
        "", "a", "(/a)", "/a/", "//", "/a//b", "/(/a)", "/(index)", "/a(b)", "/a()", "/a(/)", "/a(/b)c",
        "/a(/b", "/a)/b", "/a/:", "/a/*", "/a(/*)", "/a/:1x", "/a/:x-y", "/a/:x(/:x)", "/:x(/*x)",
        "/a/*rest/b", "/a(/*rest)/b", "/a(/*rest)(/b)", "/a?b", "/a#b", "/a%zz", "/a%C3",
        "/a" + String(repeating: "(/b)", count: 7),
    ])
    func definitionLoadsIffTheMatcherCanReadItsPath(pattern: String) throws {
        var text: [UInt8] = []
        JSONWriter.writeString(pattern, into: &text)
        let names = ["x", "y", "rest", "_id2"].map { #""\#($0)": {"type": "string", "optional": true}"# }
        let screens = #""s": {"path": \#(String(decoding: text, as: UTF8.self)), "params": {\#(names.joined(separator: ", "))}}"#
        let definition = app(screens: screens).replacingOccurrences(of: #""home": {"path": "/"}"#, with: #""home": {}"#)
        switch (Result { () throws(PathPatternError) in try PathPattern.expand(pattern) }) {
        case .success:
            let loaded = try AppDefinition.load(json: definition).definition
            _ = try DeepLinkMatcher(definition: loaded)
        case .failure(let error):
            #expect(check(definition) == ["error: $.screens.s.path: invalid path pattern: \(error.message)"])
        }
    }

    @Test func identicalExpansionsOfOnePatternCountOnce() {
        // `/a/b` twice is one route, not two that match the same URLs.
        #expect(check(app(screens: #""a": {"path": "/a(/b)(/b)"}"#)) == [])
    }

    @Test func patternsMustNotMatchTheSameURLs() {
        let params = #""params": {"x": {"type": "string"}, "y": {"type": "string", "optional": true}}"#
        #expect(check(app(screens: #"""
            "users": {"path": "/users/:x(/:y)", \#(params)},
            "member": {"path": "/users/:y", "params": {"y": {"type": "string"}}},
            "either": {"path": "/e(/:x)(/:y)", \#(params)},
            "files": {"path": "/files/*x", \#(params)},
            "docs": {"path": "/files/*y", "params": {"y": {"type": "string"}}},
            "index": {"path": "/"},
            "file": {"path": "/files/:x", \#(params)}
            """#)) == [
            "error: $.screens.member.path: '/users/:y' matches the same URLs as '/users/:x' of screen 'users' at $.screens.users.path",
            "error: $.screens.either.path: expansions '/e/:x' and '/e/:y' match the same URLs",
            "error: $.screens.docs.path: '/files/*y' matches the same URLs as '/files/*x' of screen 'files' at $.screens.files.path",
            "error: $.screens.index.path: '/' matches the same URLs as '/' of screen 'home' at $.screens.home.path",
        ])
    }

    @Test func tabsFlowCannotBeATabAndNeedsTabs() {
        let text = #"""
            {"app": "t", "root": "main",
             "flows": {"main": {"kind": "tabs", "tabs": ["a", "more"], "initialTab": "a"},
                       "more": {"kind": "tabs", "tabs": [], "initialTab": "a"},
                       "a": {"kind": "stack", "root": "home"}},
             "screens": {"home": {"path": "/"}}}
            """#
        #expect(check(text) == [
            "error: $.flows.main.tabs[1]: tabs flow 'more' cannot be a tab of tabs flow 'main'",
            "error: $.flows.more.tabs: a tabs flow needs at least one tab",
            "error: $.flows.more.initialTab: initialTab 'a' is not one of the tabs",
        ])
    }

    @Test func screensReachableOnlyByRoutesTabsDeepLinksNotFoundOrRedirects() {
        let text = #"""
            {"app": "t", "root": "main",
             "flows": {"main": {"kind": "tabs", "tabs": ["one", "two"], "initialTab": "one"},
                       "one": {"kind": "stack", "root": "first"},
                       "two": {"kind": "stack", "root": "second"},
                       "modalFlow": {"kind": "stack", "root": "inModal"},
                       "unused": {"kind": "stack", "root": "inUnused"},
                       "login": {"kind": "stack", "root": "loginForm"}},
             "screens": {"first": {"routes": ["byRoute", "modalFlow"]},
                         "second": {},
                         "byRoute": {"routes": ["byRoute2"]},
                         "byRoute2": {},
                         "inModal": {},
                         "linked": {"path": "/linked", "routes": ["fromLinked"], "requires": ["signedIn"]},
                         "fromLinked": {},
                         "loginForm": {},
                         "inUnused": {},
                         "island": {"routes": ["island2"]},
                         "island2": {"routes": ["island"]},
                         "missing": {"params": {"url": {"type": "string"}}}},
             "notFound": "missing",
             "guards": {"signedIn": {"redirect": "login"}}}
            """#
        #expect(check(text) == [
            "warning: $.screens.inUnused: unreachable from root flow 'main' by routes, tabs or deep links",
            "warning: $.screens.island: unreachable from root flow 'main' by routes, tabs or deep links",
            "warning: $.screens.island2: unreachable from root flow 'main' by routes, tabs or deep links",
        ])
        let anyRoute = text.replacingOccurrences(of: #""second": {}"#, with: #""second": {"routes": ["*"]}"#)
        #expect(check(anyRoute) == [])
    }

    @Test func chainAncestorsMustGetTheirRequiredParamsFromThePath() {
        #expect(check(app(screens: #"""
            "org":     {"path": "/orgs/:org", "params": {"org": {"type": "string"}, "tab": {"type": "string"}}},
            "repo":    {"path": "/orgs/:org/:repo(/:branch)",
                        "params": {"org": {"type": "string"}, "repo": {"type": "string"},
                                   "branch": {"type": "string", "optional": true}}},
            "list":    {"path": "/orgs", "params": {"sort": {"type": "string"}, "page": {"type": "int", "optional": true},
                                                    "order": {"type": "string", "optional": true, "default": "asc"}}},
            "issue":   {"path": "/orgs/:org/:repo/issues/:n",
                        "params": {"org": {"type": "string"}, "repo": {"type": "string"}, "n": {"type": "int"}}},
            "other":   {"path": "/orgs/:o/:r/issues", "params": {"o": {"type": "string"}, "r": {"type": "string"}}},
            "settings":{"path": "/orgs/settings/x"}
            """#)) == [
            "warning: $.screens.org.params.tab: deep link chain: links to 'repo' ('/orgs/:org/:repo/:branch') and 2 other screens open 'org' first, through its path '/orgs/:org', which cannot supply its required param 'tab'",
            "warning: $.screens.list.params.sort: deep link chain: links to 'org' ('/orgs/:org') and 4 other screens open 'list' first, through its path '/orgs', which cannot supply its required param 'sort'",
        ])
    }

    @Test func chainAncestorGetsParamsUnderItsOwnCaptureNames() {
        #expect(check(app(screens: #"""
            "chat":    {"path": "/chats/:id", "params": {"id": {"type": "string"}}},
            "message": {"path": "/chats/:chatId/messages/:messageId",
                        "params": {"chatId": {"type": "string"}, "messageId": {"type": "int"}}}
            """#)) == [])
    }
}
