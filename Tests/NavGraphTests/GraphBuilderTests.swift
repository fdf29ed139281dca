import NavGraph
import NavigationCore
import NavJSON
import Testing

/// `NavGraph(definition:)`: the whole node and edge lists of a definition with every kind of
/// edge, `"*"` drawn once, and which cluster each screen is in.
@Suite("The graph of a definition")
struct GraphBuilderTests {
    @Test func everyKindOfNodeAndEdge() throws {
        let graph = NavGraph(definition: try load(everyEdgeJSON))
        #expect(graph.app == "t" && graph.root == "main")
        #expect(graph.nodes == [
            GraphNode(id: "main", kind: .tab, tabs: ["a", "b"], initialTab: "a"),
            GraphNode(id: "a", kind: .flow, flow: "main", rootScreen: "home"),
            GraphNode(id: "b", kind: .flow, flow: "main", rootScreen: "list"),
            GraphNode(id: "login", kind: .flow, rootScreen: "form"),
            GraphNode(id: "home", kind: .screen, flow: "a", path: "/home"),
            GraphNode(id: "detail", kind: .screen, flow: "a", path: "/d/:id"),
            GraphNode(id: "list", kind: .screen, flow: "b", path: "/list"),
            GraphNode(id: "secret", kind: .screen, flow: "b", requires: ["signedIn"]),
            GraphNode(id: "sheet", kind: .screen),
            GraphNode(id: "form", kind: .screen, flow: "login"),
            GraphNode(id: "*", kind: .any),
            GraphNode(id: "@url", kind: .url),
            GraphNode(id: "@event.open", kind: .event),
            GraphNode(id: "@event.link", kind: .event),
            GraphNode(id: "@event.toB", kind: .event),
            GraphNode(id: "@event.silent", kind: .event),
        ])
        #expect(graph.edges == [
            GraphEdge(from: "home", to: "*", kind: .route),
            GraphEdge(from: "home", to: "detail", kind: .route, transition: "zoom"),
            GraphEdge(from: "home", to: "login", kind: .route, transition: "modalWithNavigation"),
            GraphEdge(from: "detail", to: "*", kind: .route),
            GraphEdge(from: "list", to: "secret", kind: .route, transition: "push"),
            GraphEdge(from: "list", to: "sheet", kind: .route, transition: "modal"),
            GraphEdge(from: "main", to: "a", kind: .tab),
            GraphEdge(from: "main", to: "b", kind: .tab),
            GraphEdge(from: "@url", to: "home", kind: .deeplink, label: "/home"),
            GraphEdge(from: "@url", to: "detail", kind: .deeplink, label: "/d/:id"),
            GraphEdge(from: "@url", to: "list", kind: .deeplink, label: "/list"),
            GraphEdge(from: "secret", to: "login", kind: .redirect, label: "signedIn"),
            GraphEdge(from: "@event.open", to: "detail", kind: .event, label: "open"),
            GraphEdge(from: "@event.link", to: "detail", kind: .event, label: "link"),
            GraphEdge(from: "@event.toB", to: "b", kind: .event, label: "toB"),
        ])
    }

    @Test func anyDestinationIsOneNodeHoweverManyScreensAllowIt() throws {
        let screens = (0..<50).map { #""s\#($0)": {"routes": ["*"]}"# }.joined(separator: ", ")
        let json = #"{"app": "t", "root": "main", "flows": {"main": {"kind": "stack", "root": "s0"}}, "screens": {\#(screens)}}"#
        let graph = NavGraph(definition: try load(json))
        #expect(graph.nodes.filter { $0.kind == .any }.count == 1)
        #expect(graph.edges.count == 50)
        #expect(graph.edges.allSatisfy { $0.to == "*" && $0.kind == .route })
        let dot = DOTWriter(graph: graph).write()
        let lines = dot.split(separator: "\n")
        #expect(lines.filter { $0.contains("-> \"*\"") }.count == 50)
        #expect(lines.filter { $0.hasPrefix("  \"*\" [") }.count == 1)
    }

    @Test func aScreenPushedFromTwoFlowsIsInTheFirstFlowsCluster() throws {
        let json = """
            {"app": "t", "root": "one",
             "flows": {"one": {"kind": "stack", "root": "a"}, "two": {"kind": "stack", "root": "b"}},
             "screens": {"a": {"routes": ["shared", "two"]}, "b": {"routes": ["shared"]},
                         "shared": {"routes": ["deeper", "modal"]}, "deeper": {}, "modal": {"transition": "modal"}}}
            """
        let graph = NavGraph(definition: try load(json))
        let flows = Dictionary(uniqueKeysWithValues: graph.nodes.map { ($0.id, $0.flow) })
        #expect(flows["a"] == "one" && flows["b"] == "two")
        #expect(flows["shared"] == "one" && flows["deeper"] == "one")
        #expect(flows["modal"] == .some(nil), "a screen only presented is at the top level")
    }

    @Test func jsonHasEveryNodeAndEdgeWithIds() throws {
        let graph = NavGraph(definition: try load(everyEdgeJSON))
        let json = graph.jsonValue()
        #expect(json["nodes"]?.arrayValue?.count == graph.nodes.count)
        #expect(json["edges"]?[0] == ["id": "route:home->*", "from": "home", "to": "*", "kind": "route"])
        #expect(json["edges"]?[11] == [
            "id": "redirect:secret->login", "from": "secret", "to": "login", "kind": "redirect", "label": "signedIn",
        ])
        #expect(json["marks"] == nil)
        var marks = GraphMarks()
        marks.mark(node: "home", .visible)
        marks.mark(edge: "route:home->detail", .covered)
        #expect(graph.jsonValue(marks: marks)["marks"] == [
            "nodes": ["home": ["visible"]], "edges": ["route:home->detail": ["covered"]],
        ])
    }
}
