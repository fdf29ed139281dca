import Testing
@testable import NavigationCore
@testable import NavJSON

/// The rules that keep a definition `navd check` accepts from hurting navd: screens opened
/// without params need none (navd trapped at boot on one), names are identifiers, schemes and
/// hosts are what URLs can hold, a repeated key is an error. Each asserts the whole list.
@Suite struct DefinitionRulesTests {
    /// The reproduction of the boot crash: `navd check` accepted it, navd trapped in
    /// `Navigator.init` (precondition failure, SIGILL).
    @Test func rootScreenWithARequiredParamIsAnErrorNotACrash() {
        let text = #"{"app":"x","root":"main","flows":{"main":{"kind":"stack","root":"home"}},"screens":{"home":{"params":{"id":{"type":"int"}}}}}"#
        #expect(check(text) == [
            "error: $.flows.main.root: root screen 'home' requires param 'id', but the root flow 'main' opens it at boot without params: every param of a screen opened without params must be optional or have a default"
        ])
    }

    @Test func tabRootsOfEveryTabsFlowNeedNoParams() {
        let text = #"""
            {"app": "t", "root": "main",
             "flows": {"main": {"kind": "tabs", "tabs": ["a", "b"], "initialTab": "a"},
                       "a": {"kind": "stack", "root": "home"},
                       "b": {"kind": "stack", "root": "list"},
                       "more": {"kind": "tabs", "tabs": ["c"], "initialTab": "c", "transition": "modal"},
                       "c": {"kind": "stack", "root": "detail"},
                       "d": {"kind": "stack", "root": "detail"}},
             "screens": {"home": {"path": "/", "routes": ["more", "d"], "params": {"x": {"type": "int", "optional": true}}},
                         "list": {"path": "/list", "params": {"page": {"type": "int", "default": 1, "optional": true},
                                                             "sort": {"type": "string"}, "q": {"type": "string"}}},
                         "detail": {"path": "/d/:id", "params": {"id": {"type": "int"}}}}}
            """#
        #expect(check(text) == [
            "error: $.flows.b.root: root screen 'list' requires params 'sort', 'q', but flow 'b' is a tab of 'main', which opens it when it starts without params: every param of a screen opened without params must be optional or have a default",
            "error: $.flows.c.root: root screen 'detail' requires param 'id', but flow 'c' is a tab of 'more', which opens it when it starts without params: every param of a screen opened without params must be optional or have a default",
        ])
        // `d` is routed to with params for its root: allowed. Without those params and tab `c`,
        // nothing is refused.
        let fixed = text.replacingOccurrences(
            of: #""sort": {"type": "string"}, "q": {"type": "string"}"#,
            with: #""sort": {"type": "string", "optional": true}, "q": {"type": "string", "default": "x"}"#)
            .replacingOccurrences(of: #""tabs": ["c"], "initialTab": "c""#, with: #""tabs": ["a"], "initialTab": "a""#)
        #expect(check(fixed).filter { $0.hasPrefix("error") } == [])
    }

    /// A definition that skipped validation makes `Navigator(booting:)` throw, not trap.
    @Test func bootingAnUnvalidatedDefinitionThrows() {
        let definition = AppDefinition(
            app: "x", root: "main", flows: [FlowDefinition(name: "main", kind: .stack(root: "home"))],
            screens: [ScreenDefinition(name: "home", params: [ParamDefinition(name: "id", type: .int)])])
        #expect(throws: NavigatorBootError.self) { try Navigator(booting: definition) }
        let unreadable = AppDefinition(
            app: "x", root: "main", flows: [FlowDefinition(name: "main", kind: .stack(root: "home"))],
            screens: [ScreenDefinition(name: "home", path: "/a(")])
        #expect(throws: NavigatorBootError.self) { try Navigator(booting: unreadable) }
        let noTabs = AppDefinition(
            app: "x", root: "main", flows: [FlowDefinition(name: "main", kind: .tabs(tabs: [], initialTab: "a"))], screens: [])
        #expect(throws: NavigatorBootError.self) { try Navigator(booting: noTabs) }
    }

    @Test func namesAreIdentifiers() {
        let long = String(repeating: "a", count: 100_000)
        let text = #"""
            {"app": "../app", "root": "main",
             "flows": {"main": {"kind": "stack", "root": "home"}, "new\nline": {"kind": "stack", "root": "home"}},
             "transitions": {"my slide": {"base": "push", "animator": "s"}},
             "screens": {"home": {"path": "/", "params": {"ok.name-1": {"type": "int", "optional": true}, "x/y": {"type": "int", "optional": true}}},
                         "../x": {}, "nul\u0000": {}, "with space": {}, "\#(long)": {}, "_ok": {}},
             "guards": {"signed in": {"redirect": "home"}}}
            """#
        let rule = "a name is a letter or '_', then up to 127 letters, digits, '_', '.' or '-'"
        #expect(check(text) == [
            "error: $.app: invalid app name '../app': \(rule)",
            #"error: $.flows["new\nline"]: invalid flow name 'new\nline': "# + rule,
            #"error: $.transitions["my slide"]: invalid transition name 'my slide': "# + rule,
            #"error: $.screens.home.params["x/y"]: invalid param name 'x/y': "# + rule,
            #"error: $.screens["../x"]: invalid screen name '../x': "# + rule,
            #"error: $.screens["nul\u0000"]: invalid screen name 'nul\u0000': "# + rule,
            #"error: $.screens["with space"]: invalid screen name 'with space': "# + rule,
            #"error: $.screens."# + long + #": invalid screen name '"# + String(repeating: "a", count: 40) + "…': " + rule,
            #"error: $.guards["signed in"]: invalid guard name 'signed in': "# + rule,
        ])
        let longest = String(repeating: "b", count: 128)
        #expect(check(app(screens: #""\#(longest)": {"path": "/b"}"#)) == [])
        #expect(check(app(screens: #""\#(longest)b": {"path": "/b"}"#)).count == 1)
    }

    @Test func schemesFollowRFC3986AndAreNotWebSchemes() {
        let text = app(extra: #""schemes": ["", "a b", "https", "HTTP", "my-app+v1.2", "social", "Social", "1x"]"#)
        #expect(check(text) == [
            "error: $.schemes[0]: invalid scheme '': a scheme is a letter, then letters, digits, '+', '-' or '.' (RFC 3986), at most 128",
            "error: $.schemes[1]: invalid scheme 'a b': a scheme is a letter, then letters, digits, '+', '-' or '.' (RFC 3986), at most 128",
            "error: $.schemes[2]: 'https' cannot be a scheme: web links are https://HOST/… with a host from 'hosts'",
            "error: $.schemes[3]: 'HTTP' cannot be a scheme: web links are https://HOST/… with a host from 'hosts'",
            "error: $.schemes[6]: duplicate scheme 'Social' (schemes are case-insensitive)",
            "error: $.schemes[7]: invalid scheme '1x': a scheme is a letter, then letters, digits, '+', '-' or '.' (RFC 3986), at most 128",
        ])
    }

    @Test func hostsAreHostNames() {
        let text = app(extra: #""hosts": ["example.com", "EXAMPLE.com", "https://x.com", "a..b", "-a.com", "x.com:443", "", "xn--80ak6aa92e.com", "localhost"]"#)
        let rule = "a host is a DNS name such as 'example.com' (labels of letters, digits and '-', no scheme, port or path)"
        #expect(check(text) == [
            "error: $.hosts[1]: duplicate host 'EXAMPLE.com' (hosts are case-insensitive)",
            "error: $.hosts[2]: invalid host 'https://x.com': \(rule)",
            "error: $.hosts[3]: invalid host 'a..b': \(rule)",
            "error: $.hosts[4]: invalid host '-a.com': \(rule)",
            "error: $.hosts[5]: invalid host 'x.com:443': \(rule)",
            "error: $.hosts[6]: invalid host '': \(rule)",
        ])
    }

    /// A second `"screens"` silently replaced the first.
    @Test func aRepeatedKeyIsAnErrorAtItsObject() {
        let text = #"{"app": "t", "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}}, "screens": {"home": {}}, "screens": {}}"#
        #expect(check(text) == ["error: $: duplicate key 'screens' (byte 108)"])
        #expect(check(#"{"app": "t", "screens": {"home": {"path": "/", "path": "/x"}}}"#) == [
            "error: $.screens.home: duplicate key 'path' (byte 47)"
        ])
        #expect(check(#"{"app": "t", "flows": {"a": {"tabs": [{}, {"k": 1, "k": 2}]}}}"#) == [
            "error: $.flows.a.tabs[1]: duplicate key 'k' (byte 51)"
        ])
        // Requests keep their rule: the last value wins.
        #expect((try? JSONParser.parse(#"{"a": 1, "a": 2}"#)) == ["a": 2])
    }

    @Test func unknownParamTypesListTheValidOnesAndSuggestTheNearest() {
        let text = app(screens: #"""
            "a": {"path": "/a/:id", "params": {"id": {"type": "integer"}, "b": {"type": "boolean", "optional": true},
                                                "s": {"type": "strng", "optional": true}, "u": {"type": "uuid", "optional": true}}}
            """#)
        let valid = "(valid types: string, int, double, bool, enum)"
        #expect(check(text) == [
            "error: $.screens.a.params.id.type: unknown param type 'integer' \(valid); did you mean 'int'?",
            "error: $.screens.a.params.b.type: unknown param type 'boolean' \(valid); did you mean 'bool'?",
            "error: $.screens.a.params.s.type: unknown param type 'strng' \(valid); did you mean 'string'?",
            "error: $.screens.a.params.u.type: unknown param type 'uuid' \(valid)",
        ])
    }

    @Test func pathsHaveAtMost256SegmentsAndGroupsNestAtMost64Deep() {
        let deep = String(repeating: "(/a", count: 100_000) + String(repeating: ")", count: 100_000)
        #expect(check(app(screens: #""a": {"path": "/x\#(deep)"}"#)).first?.hasSuffix("more than 64 optional combinations") == true)
        let long = String(repeating: "/s", count: 257)
        #expect(check(app(screens: #""a": {"path": "\#(long)"}"#)) == ["error: $.screens.a.path: invalid path pattern: more than 256 segments"])
        #expect(check(app(screens: #""a": {"path": "\#(String(repeating: "/s", count: 256))"}"#)) == [])
    }

    @Test func locationsAreLinesAndColumnsWithACaret() {
        let text = "{\n  \"app\": \"t\",\n\t\"flows\": {\"main\" 1}\n}"
        let offset = Array(text.utf8).firstIndex(of: UInt8(ascii: "1"))!
        let location = DiagnosticLocation(offset: offset, in: text)
        #expect(location.line == 3)
        #expect(location.column == 19)
        #expect(location.snippet == "\t\"flows\": {\"main\" 1}\n\t" + String(repeating: " ", count: 17) + "^")
        let wide = String(repeating: "x", count: 300) + "!" + String(repeating: "y", count: 300)
        let window = DiagnosticLocation(offset: 300, in: wide)
        #expect(window.column == 301)
        #expect(window.snippet == "…" + String(repeating: "x", count: 50) + "!" + String(repeating: "y", count: 49) + "…\n"
            + String(repeating: " ", count: 51) + "^")
        #expect(DiagnosticLocation(offset: 0, in: "").snippet == "\n^")
    }

    /// A chain of 200 nested paths (the issue's 91 KB file took 71 s to load): the warning is
    /// given once per ancestor param, 199 in all, not once per pair of screens (19,900).
    @Test func chainWarningsAreOnePerAncestorParamNotPerPair() {
        var screens: [String] = []
        var path = ""
        for i in 0..<200 {
            path += "/c\(i)"
            screens.append(#""s\#(i)": {"path": "\#(path)", "params": {"q": {"type": "string"}}}"#)
        }
        let diagnostics = check(app(screens: screens.joined(separator: ", ")))
        #expect(diagnostics.count == 199)
        #expect(diagnostics.first == "warning: $.screens.s0.params.q: deep link chain: links to 's1' ('/c0/c1') and 198 other screens open 's0' first, through its path '/c0', which cannot supply its required param 'q'")
        #expect(diagnostics.last == "warning: $.screens.s198.params.q: deep link chain: links to 's199' ('\(path)') open 's198' first, through its path '\(path.dropLast(5))', which cannot supply its required param 'q'")
    }
}
