import Testing
@testable import NavigationCore
@testable import NavJSON

@Suite struct DefinitionDecodingTests {
    @Test func topLevelMustBeAnObject() {
        let (definition, diagnostics) = AppDefinition.decode([1, 2])
        #expect(definition == nil)
        #expect(diagnostics == [.error("$", "expected an object, got array")])
    }

    @Test func missingAppOrRootLeavesNoDefinition() throws {
        let (definition, diagnostics) = AppDefinition.decode(try JSONParser.parse(#"{"app": 7, "flows": {}}"#))
        #expect(definition == nil)
        #expect(diagnostics.map(\.description) == [
            "error: $.app: expected a string, got integer",
            "error: $: missing required field 'root'",
        ])
    }

    @Test func absentCollectionsAreEmptyAndSourceIsKept() throws {
        let json = try JSONParser.parse(#"{"app": "t", "root": "main"}"#)
        let (definition, diagnostics) = AppDefinition.decode(json)
        #expect(diagnostics == [])
        let decoded = try #require(definition)
        #expect(decoded.schemes == [] && decoded.hosts == [] && decoded.flows == [] && decoded.screens == [])
        #expect(decoded.transitions == [] && decoded.guards == [] && decoded.notFound == nil)
        #expect(decoded.source == json)
    }

    @Test func definitionOrderIsKept() throws {
        let (definition, _) = AppDefinition.decode(try JSONParser.parse(app(
            screens: #""zeta": {}, "alpha": {}, "mid": {}"#, flows: #""z": {"kind": "stack", "root": "zeta"}"#,
            extra: #""transitions": {"b": {"base": "push", "animator": "b"}, "a": {"base": "modal", "animator": "a"}}"#)))
        #expect(definition?.screens.map(\.name) == ["home", "zeta", "alpha", "mid"])
        #expect(definition?.flows.map(\.name) == ["main", "z"])
        #expect(definition?.transitions.map(\.name) == ["b", "a"])
    }

    @Test func unknownFieldsAreReportedAtEveryLevel() throws {
        #expect(try decodingDiagnostics(app(
            screens: #""post": {"rout": ["home"], "params": {"id": {"type": "int", "optinal": true}}, "routes": [{"to": "home", "transtion": "modal"}]}"#,
            flows: #""f": {"kind": "stack", "root": "home", "animated": true}"#,
            extra: #""transitions": {"t": {"base": "push", "animator": "a", "speed": 2}}, "guards": {"g": {"redirect": "home", "why": ""}}, "version": 1"#
        )) == [
            "error: $.version: unknown field 'version'",
            "error: $.flows.f.animated: unknown field 'animated'",
            "error: $.transitions.t.speed: unknown field 'speed'",
            "error: $.screens.post.rout: unknown field 'rout'",
            "error: $.screens.post.params.id.optinal: unknown field 'optinal'",
            "error: $.screens.post.routes[0].transtion: unknown field 'transtion'",
            "error: $.guards.g.why: unknown field 'why'",
        ])
    }

    @Test func wrongJSONTypesAreReportedWithPaths() throws {
        #expect(try decodingDiagnostics(#"""
            {"app": "t", "root": "main", "schemes": "social", "hosts": ["a", 1],
             "flows": {"main": {"kind": "stack", "root": 3, "transition": false}, "other": []},
             "transitions": {"t": {"base": 1, "animator": null}},
             "screens": {"s": {"path": 5, "params": {"p": {"type": "int", "optional": "yes"}, "q": 1},
                               "routes": "home", "transition": [], "requires": [true]},
                         "r": {"routes": [3, null, {"to": 4}]}},
             "notFound": {}, "guards": {"g": {"redirect": 0}}, "screens2": 1}
            """#) == [
            "error: $.screens2: unknown field 'screens2'",
            "error: $.schemes: expected an array of strings, got string",
            "error: $.hosts[1]: expected a string, got integer",
            "error: $.flows.main.root: expected a string, got integer",
            "error: $.flows.main.transition: expected a string, got boolean",
            "error: $.flows.other: expected an object, got array",
            "error: $.transitions.t.base: expected a string, got integer",
            "error: $.transitions.t.animator: expected a string, got null",
            "error: $.screens.s.path: expected a string, got integer",
            "error: $.screens.s.params.p.optional: expected a boolean, got string",
            "error: $.screens.s.params.q: expected an object, got integer",
            "error: $.screens.s.routes: expected an array, got string",
            "error: $.screens.s.transition: expected a string, got array",
            "error: $.screens.s.requires[0]: expected a string, got boolean",
            #"error: $.screens.r.routes[0]: expected a destination name or {"to", "transition"}, got integer"#,
            #"error: $.screens.r.routes[1]: expected a destination name or {"to", "transition"}, got null"#,
            "error: $.screens.r.routes[2].to: expected a string, got integer",
            "error: $.notFound: expected a string, got object",
            "error: $.guards.g.redirect: expected a string, got integer",
        ])
    }

    @Test func missingRequiredFieldsAreReportedOnTheirObject() throws {
        #expect(try decodingDiagnostics(app(
            screens: #""s": {"params": {"p": {"optional": true}}, "routes": [{"transition": "modal"}]}"#,
            flows: #""a": {}, "b": {"kind": "stack"}, "c": {"kind": "tabs"}"#,
            extra: #""transitions": {"t": {}}, "guards": {"g": {}}"#
        )) == [
            "error: $.flows.a: missing required field 'kind'",
            "error: $.flows.b: missing required field 'root'",
            "error: $.flows.c: missing required field 'tabs'",
            "error: $.flows.c: missing required field 'initialTab'",
            "error: $.transitions.t: missing required field 'base'",
            "error: $.transitions.t: missing required field 'animator'",
            "error: $.screens.s.params.p: missing required field 'type'",
            "error: $.screens.s.routes[0]: missing required field 'to'",
            "error: $.guards.g: missing required field 'redirect'",
        ])
    }

    @Test func flowKindsAndTheirFields() throws {
        #expect(try decodingDiagnostics(app(flows: #"""
            "a": {"kind": "stak", "root": "home"},
            "b": {"kind": "stack", "root": "home", "tabs": ["main"], "initialTab": "main"},
            "c": {"kind": "tabs", "tabs": ["main"], "initialTab": "main", "root": "home"}
            """#)) == [
            "error: $.flows.a.kind: unknown flow kind 'stak' (expected stack or tabs)",
            "error: $.flows.b.tabs: field 'tabs' applies only to tabs flows",
            "error: $.flows.b.initialTab: field 'initialTab' applies only to tabs flows",
            "error: $.flows.c.root: field 'root' applies only to stack flows",
        ])
        let (definition, _) = AppDefinition.decode(try JSONParser.parse(app(
            flows: #""t": {"kind": "tabs", "tabs": ["main"], "initialTab": "main", "transition": "modalWithNavigation"}"#)))
        #expect(definition?.flow(named: "t") == FlowDefinition(
            name: "t", kind: .tabs(tabs: ["main"], initialTab: "main"), transition: "modalWithNavigation"))
    }

    @Test func transitionBasesAndBuiltInNames() throws {
        #expect(try decodingDiagnostics(app(extra: #"""
            "transitions": {"slide": {"base": "slide", "animator": "s"},
                            "push": {"base": "modal", "animator": "p"},
                            "fade": {"base": "modalWithNavigation", "animator": "f"}}
            """#)) == [
            "error: $.transitions.slide.base: unknown base transition 'slide' (expected push, modal or modalWithNavigation)",
            "error: $.transitions.push: 'push' is a built-in transition and cannot be redefined",
        ])
    }

    @Test func routeEntriesAreNamesStarOrEdges() throws {
        let text = app(screens: #""s": {"routes": ["home", "*", {"to": "main", "transition": "modal"}, {"to": "s"}]}"#)
        let (definition, diagnostics) = AppDefinition.decode(try JSONParser.parse(text))
        #expect(diagnostics == [])
        #expect(definition?.screen(named: "s")?.routes == RouteRules(allowsAny: true, edges: [
            RouteRules.Edge(to: "home"), RouteRules.Edge(to: "main", transition: "modal"), RouteRules.Edge(to: "s"),
        ]))
        #expect(try decodingDiagnostics(app(screens: #""s": {"routes": [{"to": "*", "transition": "modal"}]}"#)) == [
            #"error: $.screens.s.routes[0].to: '*' cannot take a transition; write it as the string "*""#
        ])
    }

    @Test func paramTypesValuesAndDefaults() throws {
        let text = app(screens: #"""
            "s": {"params": {
              "a": {"type": "string"}, "b": {"type": "int", "optional": true, "default": 2},
              "c": {"type": "double"}, "d": {"type": "bool", "default": true},
              "e": {"type": "enum", "values": ["x", "y"]}, "f": {"type": "uuid"}}}
            """#)
        let (definition, diagnostics) = AppDefinition.decode(try JSONParser.parse(text))
        #expect(diagnostics == [])
        #expect(definition?.screen(named: "s")?.params == [
            ParamDefinition(name: "a", type: .string),
            ParamDefinition(name: "b", type: .int, optional: true, defaultValue: 2),
            ParamDefinition(name: "c", type: .double),
            ParamDefinition(name: "d", type: .bool, defaultValue: true),
            ParamDefinition(name: "e", type: .enumeration(["x", "y"])),
            ParamDefinition(name: "f", type: .unknown("uuid")),
        ])
    }

    @Test func enumNeedsDistinctStringValues() throws {
        #expect(try decodingDiagnostics(app(screens: #"""
            "s": {"params": {
              "a": {"type": "enum"}, "b": {"type": "enum", "values": []}, "c": {"type": "enum", "values": "x"},
              "d": {"type": "enum", "values": ["x", 1, "x"]}, "e": {"type": "int", "values": ["1"]}}}
            """#)) == [
            "error: $.screens.s.params.a: missing required field 'values'",
            "error: $.screens.s.params.b.values: an enum needs at least one value",
            "error: $.screens.s.params.c.values: expected a non-empty array of strings, got string",
            "error: $.screens.s.params.d.values[1]: expected a string, got integer",
            "error: $.screens.s.params.d.values[2]: duplicate value 'x'",
            "error: $.screens.s.params.e.values: field 'values' applies only to type 'enum'",
        ])
    }

    @Test func namesThatAreNotIdentifiersAreQuotedInPaths() throws {
        #expect(try decodingDiagnostics(app(
            screens: #""my-screen": {"rout": []}, "*": {}, "": {}, "2fa": {"params": {"a b": {}}}"#,
            flows: #""flow\"1": {"kind": 1}"#
        )) == [
            #"error: $.flows["flow\"1"]: invalid flow name 'flow"1': a name is a letter or '_', then up to 127 letters, digits, '_', '.' or '-'"#,
            #"error: $.flows["flow\"1"].kind: expected a string, got integer"#,
            #"error: $.screens["my-screen"].rout: unknown field 'rout'"#,
            #"error: $.screens["*"]: '*' cannot be a name (in routes it means any destination)"#,
            #"error: $.screens[""]: a screen name must not be empty"#,
            #"error: $.screens["2fa"]: invalid screen name '2fa': a name is a letter or '_', then up to 127 letters, digits, '_', '.' or '-'"#,
            #"error: $.screens["2fa"].params["a b"]: invalid param name 'a b': a name is a letter or '_', then up to 127 letters, digits, '_', '.' or '-'"#,
            #"error: $.screens["2fa"].params["a b"]: missing required field 'type'"#,
        ])
    }
}
