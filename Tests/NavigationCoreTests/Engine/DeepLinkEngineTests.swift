import Testing
@testable import NavigationCore
@testable import NavJSON
import NavRandom
import NavProtocol
import NavTestSupport

/// `nav.deeplink` applied to the tree: the chain, the three modes, no-ops, dry runs,
/// `notFound`, errors naming the step (docs/deep-links.md, semantics.md 25–31).
@Suite struct DeepLinkEngineTests {
    @Test func resetModeSelectsTheTabAndOpensTheChain() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "compose"])
        _ = try nav.call("nav.selectTab", ["tab": "chats"])
        _ = try nav.call("nav.route", ["to": "chat", "params": ["chatId": "old"]])
        let result = try nav.call("nav.deeplink", ["url": "social://chats/c9/messages/4"])
        #expect(JSONWriter.string(.object(result.detailJSON)) == #"{"url":"social://chats/c9/messages/4","target":{"screen":"message","params":{"chatId":"c9","messageId":4},"pattern":"/chats/:chatId/messages/:messageId","id":"s8"},"chain":[{"screen":"chatList","params":{},"pattern":"/chats"},{"screen":"chat","params":{"chatId":"c9"},"pattern":"/chats/:chatId"},{"screen":"message","params":{"chatId":"c9","messageId":4},"pattern":"/chats/:chatId/messages/:messageId"}],"mode":"reset","ignored":[]}"#)
        expectEvents(result, [
            #"willHide s6 chat {"chatId":"old"}"#,
            "exit s5 composePost modal dismiss",
            "flowFinished f6 compose null",
            #"exit s6 chat {"chatId":"old"} push pop"#,
            #"enter s7 chat {"chatId":"c9"} push push"#,
            #"enter s8 message {"chatId":"c9","messageId":4} push push"#,
            #"willShow s8 message {"chatId":"c9","messageId":4}"#,
        ])
        expectTree(nav, sampleTree(feed: "    s1 feedList", selected: "chats", chats: """
                s3 chatList
                s7 chat {"chatId":"c9"} push
                s8 message {"chatId":"c9","messageId":4} push <top
            """))
    }

    @Test func topModeOpensFromTheCurrentTopWithDefaultTransitions() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.deeplink", ["url": "https://Social.Example.com/users/42/photos?utm=x&section=friends"])
        #expect(result.jsonValue["mode"] == "top")
        #expect(result.jsonValue["ignored"] == ["utm"])
        expectEvents(result, [
            "willHide s1 feedList",
            "flowStarted f6 -",
            #"enter s5 profile {"userId":42,"section":"photos"} modal present"#,
            #"willShow s5 profile {"userId":42,"section":"photos"}"#,
        ])
        let again = try nav.call("nav.deeplink", ["url": "/users/42/photos"])
        #expect(again.noop && again.revision == result.revision && again.events.isEmpty)
        #expect(again.jsonValue["noop"] == true)
    }

    @Test func flowModeStartsTheFlowFirst() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.deeplink", ["url": "social://login"])
        #expect(result.jsonValue["mode"] == "flow")
        expectEvents(result, [
            "willHide s1 feedList",
            "flowStarted f6 login",
            "enter s5 loginForm modal present",
            "willShow s5 loginForm",
        ])
    }

    @Test func dryRunPlansWithoutChangingAnything() throws {
        var nav = sampleNavigator()
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 1]])
        let before = sketch(nav.tree)
        let plan = try nav.call("nav.deeplink", ["url": "social://friends", "dryRun": true])
        #expect(sketch(nav.tree) == before && nav.revision == 2)
        #expect(plan.revision == 2)
        #expect(JSONWriter.string(plan.jsonValue["plan"]!) == #"[{"action":"dismissAll"},{"action":"selectTab","tab":"friends"}]"#)
        #expect(plan.jsonValue["dryRun"] == true)
        #expect(sketch(plan.events) == [
            #"willHide s5 profile {"userId":1,"section":"posts"}"#,
            #"exit s5 profile {"userId":1,"section":"posts"} modal dismiss"#,
            "flowFinished f6 - null",
            "tabSelected f1 1 friends",
            "willShow s2 friendsList",
        ])
        // The ids the plan used are still free.
        let real = try nav.call("nav.deeplink", ["url": "social://posts/3"])
        #expect(real.jsonValue["target"]?["id"] == "s6")
    }

    @Test func unmatchedLinksOpenNotFound() throws {
        var nav = sampleNavigator()
        let result = try nav.call("nav.deeplink", ["url": "social://posts/abc?x=1"])
        #expect(result.jsonValue["notFound"] == true)
        #expect(result.jsonValue["ignored"] == ["x"])
        expectTree(nav, sampleTree(feed: """
                s1 feedList
                s5 notFound {"url":"social://posts/abc?x=1"} push <top
            """))
    }

    @Test func errorsNameTheStepAndChangeNothing() throws {
        var nav = sampleNavigator()
        let scheme = expectFailure(&nav, "nav.deeplink", ["url": "other://feed"], code: .noRouteForURL, reason: "noRouteForURL")
        #expect(scheme?.data["url"] == "other://feed")
        expectFailure(&nav, "nav.deeplink", ["url": "https://evil.example.com/feed"], code: .noRouteForURL, reason: "noRouteForURL")
        let query = expectFailure(&nav, "nav.deeplink", ["url": "/users/4?section=likes"], code: .invalidParams, reason: "invalidParams")
        #expect(query?.data["step"] == 0 && query?.data["stepOp"] == "open profile" && query?.data["param"] == "section")
        expectFailure(&nav, "nav.deeplink", ["url": "/feed", "expectRevision": 9], code: .conflict, reason: "conflict")
        expectFailure(&nav, "nav.deeplink", [:], code: .invalidParams, reason: "invalidParams")

        // Without a notFound screen an unmatched link is an error listing the nearest patterns.
        var shop = Navigator(definition: try shopDefinition(), instance: "0")
        let missing = expectFailure(&shop, "nav.deeplink", ["url": "shop://products"], code: .noRouteForURL, reason: "noRouteForURL")
        #expect(missing?.data["candidates"]?.arrayValue?.first?["pattern"] == "/products/:sku")
    }

    @Test func aStackRootAppIsResetToItsRoot() throws {
        var shop = Navigator(definition: try shopDefinition(), instance: "0")
        _ = try shop.call("nav.route", ["to": "catalog", "params": ["category": "hats"]])
        let result = try shop.call("nav.deeplink", ["url": "shop://c/shoes/2"])
        #expect(result.jsonValue["mode"] == "top")
        let home = try shop.call("nav.deeplink", ["url": "https://www.shop.example.com/"])
        #expect(home.jsonValue["mode"] == "reset")
        expectTree(shop, """
            f1 store stack
              s1 home <top
            """)
    }

    @Test func resolveExplainsWithoutChanging() throws {
        let nav = sampleNavigator()
        let explanation = try nav.resolve("social://users/7?section=photos&utm=1").jsonValue
        #expect(explanation["match"] == ["screen": "profile", "pattern": "/users/:userId", "source": "/users/:userId(/:section)", "params": ["userId": 7]])
        #expect(explanation["chain"] == [["screen": "profile", "params": ["userId": 7, "section": "photos"], "pattern": "/users/:userId"]])
        #expect(explanation["mode"] == "top" && explanation["ignored"] == ["utm"] && explanation["error"] == .null)
        #expect(explanation["form"] == ["scheme": "social"])
        let bad = try nav.resolve("/users/7?section=nope").jsonValue
        #expect(bad["error"]?["data"]?["reason"] == "invalidParams")
    }

    @Test func canonicalURLOfTheTop() throws {
        var nav = sampleNavigator()
        #expect(try nav.canonicalURL() == "social://feed")
        _ = try nav.call("nav.route", ["to": "profile", "params": ["userId": 42]])
        #expect(try nav.canonicalURL() == "social://users/42/posts")
        _ = try nav.call("nav.route", ["to": "chat", "params": ["chatId": "a b/c"]])
        #expect(try nav.canonicalURL() == "social://chats/a%20b%2Fc")
        #expect(try nav.canonicalURL(for: ScreenID(1)) == "social://feed")
        #expect(throws: NavError.self) { try nav.canonicalURL(for: ScreenID(99)) }
        _ = try nav.call("nav.dismissAll")
        _ = try nav.call("nav.route", ["to": "compose"])
        #expect(try nav.canonicalURL() == nil)
    }

    /// docs/deep-links.md: `deeplink(url(s))` from a fresh state yields a top screen equal to `s`,
    /// for every screen with a path, with random param values.
    @Test func urlRoundTripThroughTheEngine() throws {
        let seed = testSeed("urlRoundTripThroughTheEngine")
        var rng = SplitMix64(seed: seed)
        for definition in [AppDefinition.sample, try shopDefinition()] {
            for screen in definition.screens where screen.path != nil && screen.name != definition.notFound {
                for _ in 0..<60 {
                    var params = JSONObject()
                    for param in screen.params where !param.optional || Bool.random(using: &rng) {
                        params[param.name] = randomValue(param.type, &rng)
                        // A `*name` capture is the rest of the path: parts joined by "/", none empty.
                        if screen.path!.contains("*\(param.name)") {
                            let parts = (1...Int.random(in: 1...3, using: &rng)).map { _ in
                                randomValue(.string, &rng).stringValue!.split(separator: "/").joined()
                            }.filter { !$0.isEmpty }
                            params[param.name] = .string(parts.isEmpty ? "x" : parts.joined(separator: "/"))
                        }
                    }
                    var fresh = Navigator(definition: definition, instance: "0")
                    // Every screen opens: the flags its guards test are set.
                    _ = try fresh.setFlags(fresh.session.names.map { (name: $0, value: true) })
                    let filled = try screen.validatedParams(params)
                    guard let url = CanonicalURL.url(for: screen, params: filled, definition: definition) else {
                        Issue.record("no URL for \(screen.name) \(filled) (seed \(seed))")
                        continue
                    }
                    _ = try fresh.call("nav.deeplink", ["url": .string(url)])
                    let top = fresh.tree.screens[fresh.tree.topScreen]!
                    #expect(top.name == screen.name && top.params == filled, "\(url) → \(top.name) \(top.params), seed \(seed)")
                    #expect(try fresh.canonicalURL() == url)
                }
            }
        }
    }

    func randomValue(_ type: ParamType, _ rng: inout SplitMix64) -> JSONValue {
        switch type {
        case .string:
            let alphabet = Array("abcXYZ019 -_/?#%&=+.~é漢😀")
            let count = Int.random(in: 1...8, using: &rng)
            return .string(String((0..<count).map { _ in alphabet.randomElement(using: &rng)! }))
        case .int: return .int(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case .double: return .double(Double(Int.random(in: -100_000...100_000, using: &rng)) / 64)
        case .bool: return .bool(Bool.random(using: &rng))
        case .enumeration(let values): return .string(values.randomElement(using: &rng)!)
        case .unknown: return .null
        }
    }
}
