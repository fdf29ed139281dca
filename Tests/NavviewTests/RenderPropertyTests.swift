import Foundation
import NavClient
import NavigationCore
import NavviewKit
import Testing
import NavJSON
import NavRandom

/// Random walks of the real engine, drawn at random sizes: every screen has exactly its rows,
/// no row is wider than the terminal, the tree window accounts for every line, the top screen
/// is in view after `follow`, and exactly one line carries the top marker.
@Suite("Rendering properties over random states and sizes")
struct RenderPropertyTests {
    static let destinations: [(String, JSONValue)] = [
        ("post", ["postId": 1]), ("post", ["postId": 2]), ("profile", ["userId": 42]), ("profile", ["userId": 7, "section": "photos"]),
        ("chat", ["chatId": "c1"]), ("message", ["chatId": "c1", "messageId": 3]), ("compose", ["draft": "a draft that is long"]),
        ("photoPicker", [:]), ("login", [:]), ("twoFactor", ["code": "123456"]), ("friendsList", [:]), ("account", [:]),
    ]
    static let transitions: [JSONValue] = [.null, "push", "modal", "modalWithNavigation", "sheet", "zoom"]

    static func randomOperation(_ random: inout SplitMix64) -> (String, JSONValue) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            let (to, params) = destinations.randomElement(using: &random)!
            var request: JSONObject = ["to": .string(to), "params": params]
            let transition = transitions.randomElement(using: &random)!
            if !transition.isNull { request["transition"] = transition }
            return ("nav.route", .object(request))
        case 5, 6: return ("nav.close", [:])
        case 7: return ("nav.selectTab", ["tab": .int(Int.random(in: 0..<4, using: &random))])
        case 8: return ("nav.deeplink", ["url": .string(["social://chats/c9/messages/4", "/users/3/friends", "/posts/8", "/settings"].randomElement(using: &random)!)])
        default: return ("nav.dismissAll", [:])
        }
    }

    @Test func screensAlwaysFitAndShowTheTop() throws {
        let seed = ProcessInfo.processInfo.environment["NAVD_TEST_SEED"].flatMap { UInt64($0) } ?? UInt64.random(in: 1 ... .max)
        print("RenderPropertyTests: seed \(seed) (NAVD_TEST_SEED=\(seed) repeats it)")
        var random = SplitMix64(seed: seed)
        var scenario = try Scenario()
        // Until 150 operations changed the state: many draws are refused or change nothing (a
        // guarded screen, a close at a root), and a fixed 300 draws left some seeds below 100
        // (98 for seed 14521070053313612352).
        var applied = 0
        var attempts = 0
        while applied < 150 && attempts < 3_000 {
            attempts += 1
            let (method, params) = Self.randomOperation(&random)
            guard let result = try? scenario.navigator.perform(try NavOperation(method: method, params: params)), !result.noop else { continue }
            // Deliver through the model as a one-change notification.
            scenario = try Self.redeliver(scenario, method: method, result: result)
            applied += 1
            let size = Size(rows: Int.random(in: 1...45, using: &random), columns: Int.random(in: 1...130, using: &random))
            let state = try scenario.state
            let picture = TreePicture(state)
            #expect(picture.lines.filter { $0.text.contains("▶ ") }.count == 1)
            #expect(picture.topLine.map { picture.lines[$0].text.contains("▶ \(state.topScreen!.id) ") } == true)

            let lines = screen(scenario, size, scroll: Int.random(in: -5...60, using: &random))
            #expect(lines.count == size.rows, "seed \(seed)")
            #expect(lines.allSatisfy { $0.width <= size.columns }, "seed \(seed) size \(size)")
            let layout = ScreenLayout(size)
            guard !layout.isTooSmall, layout.treeRows >= 3 else { continue }
            let tree = lines.prefix(layout.treeRows).filter { !$0.text.isEmpty }
            let hidden = tree.compactMap(ScrollWindowTests.hidden).reduce(0, +)
            #expect(tree.count - tree.filter { ScrollWindowTests.hidden($0) != nil }.count + hidden == picture.lines.count, "seed \(seed)")
            #expect(tree.contains { $0.text.contains("▶ \(state.topScreen!.id)") }, "seed \(seed): the top screen is out of view")
        }
        #expect(applied == 150, "only \(applied) of \(attempts) operations changed the state (seed \(seed))")
    }

    /// The scenario with `result` (already performed on its navigator) delivered to its model.
    static func redeliver(_ scenario: Scenario, method: String, result: OperationResult) throws -> Scenario {
        var scenario = scenario
        let params: JSONValue = [
            "revision": .int(scenario.navigator.revision), "baseRevision": .int(scenario.navigator.revision - 1),
            "changes": [["revision": .int(scenario.navigator.revision), "cause": ["method": .string(method), "client": "fuzz", "clientId": "c9"],
                         "events": result.jsonValue["events"] ?? []]],
            "root": scenario.navigator.stateJSON["root"] ?? nil,
        ]
        _ = scenario.model.changed(try NavChangedView(json: params))
        return scenario
    }
}
