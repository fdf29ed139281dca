import NavClient
import NavigationCore
import Testing
import NavJSON

/// The typed tree decoded from the engine's own JSON: every field, and the queries a
/// renderer asks (visible path, top, stacks by flow name, the nearest tabs).
@Suite("NavStateView: the §3 tree, typed")
struct NavStateViewTests {
    static func navigator() -> Navigator { Navigator(definition: .sample, instance: "9f2c41d0") }

    static func perform(_ navigator: inout Navigator, _ method: String, _ params: JSONValue) throws {
        _ = try navigator.perform(try NavOperation(method: method, params: params))
    }

    @Test func bootState() throws {
        let state = try NavStateView(json: Self.navigator().stateJSON)
        #expect(state.revision == 1)
        #expect(state.instance == "9f2c41d0")
        #expect(state.root.kind == .tabs)
        #expect(state.root.flow == "main")
        #expect(state.root.tabs.map(\.flow) == ["feed", "friends", "chats", "settings"])
        #expect(state.root.selectedTab?.id == "f2")
        #expect(state.visiblePath.map(\.id) == ["f1", "f2"])
        #expect(state.topScreen == ScreenView(id: "s1", screen: "feedList", flow: "f2"))
        #expect(state.nearestTabs?.id == "f1")
    }

    @Test func aModalOverAPushWithACustomTransition() throws {
        var navigator = Self.navigator()
        try Self.perform(&navigator, "nav.route", ["to": "post", "params": ["postId": 5]])
        try Self.perform(&navigator, "nav.route", ["to": "profile", "params": ["userId": 42]])
        let state = try NavStateView(json: navigator.stateJSON)
        let feed = state.root.tabs[0]
        #expect(feed.screens[1] == ScreenView(
            id: "s5", screen: "post", params: ["postId": 5], flow: "f2",
            via: TransitionView(kind: "push", name: "zoom", animator: "zoom")))
        let modal = try #require(feed.presented)
        #expect(modal.kind == .single)
        #expect(modal.flow == nil)
        #expect(modal.via == TransitionView(kind: "modal"))
        #expect(state.visiblePath.map(\.id) == ["f1", "f2", modal.id])
        #expect(state.topScreen?.params == ["userId": 42, "section": "posts"])
        #expect(state.visibleStack.map(\.screen) == ["profile"])
        #expect(state.stack(ofFlowNamed: "feed")?.map(\.screen) == ["feedList", "post"])
        #expect(state.flow(id: modal.id) == modal)
        #expect(state.screen(id: "s5")?.screen == "post")
    }

    @Test func embeddedFlowsAndTheirStack() throws {
        var navigator = Self.navigator()
        try Self.perform(&navigator, "nav.route", ["to": "compose", "transition": "push", "params": ["draft": "hi"]])
        let state = try NavStateView(json: navigator.stateJSON)
        let feed = state.root.tabs[0]
        #expect(feed.children == [EmbeddedFlowView(id: "f6", flow: "compose")])
        #expect(feed.screens.map(\.flow) == ["f2", "f6"])
        #expect(state.stack(ofFlowNamed: "compose")?.map(\.screen) == ["composePost"])
        #expect(state.stack(ofFlowNamed: "main")?.map(\.screen) == ["feedList", "composePost"])
        #expect(state.stack(ofFlowNamed: "chats")?.map(\.screen) == ["chatList"])
        #expect(state.stack(ofFlowNamed: "login") == nil)
    }

    @Test func eventsAndChanges() throws {
        var navigator = Self.navigator()
        let result = try navigator.perform(try NavOperation(method: "nav.route", params: ["to": "post", "params": ["postId": 5]]))
        let events = try NavEventView.list(result.jsonValue["events"])
        #expect(events.map(\.kind) == [.willHide, .enter, .willShow])
        #expect(events[1] == NavEventView(
            kind: .enter, screen: "s5", name: "post", params: ["postId": 5], flow: "f2",
            via: TransitionView(kind: "push", name: "zoom", animator: "zoom", direction: "push")))

        let changed = try NavChangedView(json: [
            "revision": 3, "baseRevision": 1,
            "changes": [
                ["revision": 2, "cause": ["method": "nav.route", "client": "ctl", "clientId": "c2"], "events": result.jsonValue["events"]!],
                ["revision": 3, "cause": ["method": "nav.close", "client": nil, "clientId": "c4"]],
            ],
        ])
        #expect(changed.changes.map(\.cause.who) == ["ctl", "c4"])
        #expect(changed.changes[0].events == events)
        #expect(changed.changes[1].events == nil)
        #expect(!changed.truncated)
        #expect(changed.root == nil)
    }

    @Test func errorsNameWhereTheShapeBreaks() {
        var json = Self.navigator().stateJSON
        guard case .object(var state) = json, case .object(var root)? = state["root"], case .array(var tabs)? = root["tabs"],
            case .object(var tab) = tabs[1]
        else {
            Issue.record("the boot state is not shaped as expected")
            return
        }
        tab["screens"] = .array([["id": "s2", "screen": 7, "params": [:], "flow": "f3", "via": nil]])
        tabs[1] = .object(tab)
        root["tabs"] = .array(tabs)
        state["root"] = .object(root)
        json = .object(state)
        #expect(throws: ViewDecodingError(path: "$.root.tabs[1].screens[0].screen", message: "expected a string, got integer")) {
            try NavStateView(json: json)
        }
        #expect(throws: ViewDecodingError(path: "$", message: "missing 'revision'")) {
            try NavStateView(json: ["instance": "x"])
        }
        #expect(throws: ViewDecodingError(path: "$.kind", message: "unknown kind 'grid'")) {
            try FlowView(json: ["id": "f1", "flow": "x", "kind": "grid", "children": [], "presented": nil, "via": nil])
        }
    }
}
