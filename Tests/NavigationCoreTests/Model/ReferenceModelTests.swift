import Testing
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// The reference model checked by hand against the documents, so that the model-based tests
/// rest on more than the engine and the model agreeing: each test states the whole expected
/// tree or event list, as a reader of docs/ and semantics.md would write it down.
@Suite struct ReferenceModelTests {
    /// Performs a request that must succeed; returns its events as compact lines.
    private func perform(_ model: inout ReferenceModel, _ method: String, _ params: JSONValue = [:]) -> [String] {
        guard case .success(let commit) = model.perform(method: method, params: params) else {
            Issue.record("\(method) \(params) was refused")
            return []
        }
        return commit.events.map(line)
    }

    private func refusal(_ model: inout ReferenceModel, _ method: String, _ params: JSONValue = [:]) -> RefError? {
        guard case .failure(let error) = model.perform(method: method, params: params) else { return nil }
        return error
    }

    /// `enter s5 post {"postId":5} f2 push:zoom:zoom push`, `flowFinished f6 - null`, …
    private func line(_ event: JSONValue) -> String {
        var text = event["type"]!.stringValue!
        if let screen = event["screen"]?.stringValue {
            text += " \(screen) \(event["name"]!.stringValue!)"
            if let params = event["params"], params != [:] { text += " " + JSONWriter.string(params) }
            text += " " + event["flow"]!.stringValue!
        } else {
            text += " " + event["flow"]!.stringValue!
            if let tab = event["tab"] { text += " \(tab)" }
            text += " " + (event["name"]?.stringValue ?? "-")
        }
        if let result = event["result"] { text += " " + JSONWriter.string(result) }
        if let via = event["via"] {
            if via == .null {
                text += " -"
            } else {
                text += " " + via["kind"]!.stringValue!
                if let name = via["name"]?.stringValue { text += ":" + name + ":" + via["animator"]!.stringValue! }
                if via["fallback"] == true { text += "!fallback" }
                text += " " + via["direction"]!.stringValue!
            }
        }
        return text
    }

    @Test func bootStartsEveryTabInOrder() {
        let model = ReferenceModel(app: AppDefinition.sample)
        #expect(model.revision == 1)
        #expect(model.bootEvents.map(line) == [
            "flowStarted f1 main", "flowStarted f2 feed", "enter s1 feedList f2 -", "flowStarted f3 friends",
            "enter s2 friendsList f3 -", "flowStarted f4 chats", "enter s3 chatList f4 -", "flowStarted f5 settings",
            "enter s4 settingsHome f5 -", "willShow s1 feedList f2",
        ])
    }

    @Test func pushModalFallbackAndDismissAll() {
        var model = ReferenceModel(app: AppDefinition.sample)
        #expect(perform(&model, "nav.route", ["to": "post", "params": ["postId": 5]]) == [
            "willHide s1 feedList f2", "enter s5 post {\"postId\":5} f2 push:zoom:zoom push", "willShow s5 post {\"postId\":5} f2",
        ])
        #expect(perform(&model, "nav.route", ["to": "profile", "params": ["userId": 7]]) == [
            "willHide s5 post {\"postId\":5} f2", "flowStarted f6 -",
            "enter s6 profile {\"userId\":7,\"section\":\"posts\"} f6 modal present",
            "willShow s6 profile {\"userId\":7,\"section\":\"posts\"} f6",
        ])
        // chat pushes by default, but the top container is a `single`: it falls back to modal.
        #expect(perform(&model, "nav.route", ["to": "chat", "params": ["chatId": "c1"]]) == [
            "willHide s6 profile {\"userId\":7,\"section\":\"posts\"} f6", "flowStarted f7 -",
            "enter s7 chat {\"chatId\":\"c1\"} f7 modal!fallback present", "willShow s7 chat {\"chatId\":\"c1\"} f7",
        ])
        #expect(model.revision == 4)
        // The nested presentation goes first, each container with its own transition.
        #expect(perform(&model, "nav.dismissAll") == [
            "willHide s7 chat {\"chatId\":\"c1\"} f7", "exit s7 chat {\"chatId\":\"c1\"} f7 modal!fallback dismiss",
            "flowFinished f7 - null", "exit s6 profile {\"userId\":7,\"section\":\"posts\"} f6 modal dismiss",
            "flowFinished f6 - null", "willShow s5 post {\"postId\":5} f2",
        ])
        #expect(refusal(&model, "nav.dismissAll") == .nothingToClose)
    }

    @Test func embeddedFlowsNestAndFinishInnermostFirst() {
        var model = ReferenceModel(app: handBuiltShopApp())
        _ = perform(&model, "nav.route", ["to": "catalog"])
        _ = perform(&model, "nav.route", ["to": "product", "params": ["sku": "a"]])
        _ = perform(&model, "nav.route", ["to": "reviews", "params": ["sku": "a"]])
        #expect(model.treeJSON == [
            "id": "f1", "flow": "shop", "kind": "stack", "presented": nil, "via": nil,
            "screens": [
                ["id": "s1", "screen": "home", "params": [:], "flow": "f1", "via": nil],
                ["id": "s2", "screen": "categoryList", "params": ["category": "books"], "flow": "f2",
                 "via": ["kind": "push", "name": "slide", "animator": "slide"]],
                ["id": "s3", "screen": "productDetail", "params": ["sku": "a"], "flow": "f3", "via": ["kind": "push"]],
                ["id": "s4", "screen": "reviewList", "params": ["sku": "a"], "flow": "f4", "via": ["kind": "push"]],
            ],
            "children": [
                ["id": "f2", "flow": "catalog", "children": [
                    ["id": "f3", "flow": "product", "children": [["id": "f4", "flow": "reviews", "children": []]]],
                ]],
            ],
        ])
        #expect(perform(&model, "flow.finish", ["flow": "f2", "result": "done"]) == [
            "willHide s4 reviewList {\"sku\":\"a\"} f4", "exit s4 reviewList {\"sku\":\"a\"} f4 push pop", "flowFinished f4 reviews null",
            "exit s3 productDetail {\"sku\":\"a\"} f3 push pop", "flowFinished f3 product null",
            "exit s2 categoryList {\"category\":\"books\"} f2 push:slide:slide pop", "flowFinished f2 catalog \"done\"",
            "willShow s1 home f1",
        ])
    }

    @Test func presentedTabsFlowStartsAndDismissesAsOne() {
        var model = ReferenceModel(app: handBuiltShopApp())
        // The edge home → account overrides the flow's default with `card`.
        #expect(perform(&model, "nav.route", ["to": "account"]) == [
            "willHide s1 home f1", "flowStarted f2 account", "flowStarted f3 orders",
            "enter s2 orderList f3 modalWithNavigation:card:card present", "flowStarted f4 wishlist",
            "enter s3 wishList f4 modalWithNavigation:card:card present", "willShow s3 wishList f4",
        ])
        _ = perform(&model, "nav.route", ["to": "orderList"])
        #expect(perform(&model, "nav.selectTab", ["tab": 0]) == [
            "willHide s4 orderList f4", "tabSelected f2 0 orders", "willShow s2 orderList f3",
        ])
        // A tab root of a presented tabs flow closes the whole tabs flow, tabs from the last.
        #expect(perform(&model, "nav.close") == [
            "willHide s2 orderList f3", "exit s4 orderList f4 modalWithNavigation:card:card dismiss",
            "exit s3 wishList f4 modalWithNavigation:card:card dismiss", "flowFinished f4 wishlist null",
            "exit s2 orderList f3 modalWithNavigation:card:card dismiss", "flowFinished f3 orders null",
            "flowFinished f2 account null", "willShow s1 home f1",
        ])
    }

    @Test func applyIsOneRevisionWithNetEventsAndRefusalsNameTheStep() {
        var model = ReferenceModel(app: AppDefinition.sample)
        // Added and removed within one apply: no events for it; the net change is the tab.
        #expect(perform(&model, "nav.apply", ["ops": [
            ["method": "nav.route", "params": ["to": "post", "params": ["postId": 1]]],
            ["method": "nav.close"],
            ["method": "nav.selectTab", "params": ["tab": "chats"]],
        ]]) == ["willHide s1 feedList f2", "tabSelected f1 2 chats", "willShow s3 chatList f4"])
        #expect(model.revision == 2)
        let tree = model.treeJSON
        #expect(refusal(&model, "nav.apply", ["ops": [
            ["method": "nav.route", "params": ["to": "chat", "params": ["chatId": "x"]]],
            ["method": "nav.close", "params": ["screen": "s3"]],
        ]]) == RefError(code: -32004, reason: "nothingToClose", step: 1, stepOp: "nav.close"))
        #expect(model.treeJSON == tree && model.revision == 2)
        #expect(refusal(&model, "nav.close", ["expectRevision": 1])
            == .conflict(expected: 1, actual: 2))
    }

    @Test func routeChecksInTheDocumentedOrder() {
        var model = ReferenceModel(app: AppDefinition.sample)
        #expect(refusal(&model, "nav.route", ["to": "nowhere", "expectRevision": 9]) == .conflict(expected: 9, actual: 1))
        #expect(refusal(&model, "nav.route", ["to": "nowhere", "from": "s9"]) == .unknownDestination)
        #expect(refusal(&model, "nav.route", ["to": "chat", "from": "s9"]) == .invalidParam("chatId", "missing"))
        #expect(refusal(&model, "nav.route", ["to": "chat", "params": ["chatId": "c"], "from": "s9"]) == .routeNotAllowed)
        #expect(refusal(&model, "nav.route", ["to": "post", "params": ["postId": 1], "from": "s9", "transition": "warp"])
            == .conflict(expected: "s9", actual: "s1"))
        #expect(refusal(&model, "nav.route", ["to": "post", "params": ["postId": 1], "transition": "warp"]) == .invalid)
        #expect(refusal(&model, "nav.route", ["to": "post", "params": ["postId": 1], "expectRevison": 1]) == .invalidParam("expectRevison"))
    }
}
