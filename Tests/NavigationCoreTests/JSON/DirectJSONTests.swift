import Testing
@testable import NavigationCore
import NavProtocol
@testable import NavJSON
import NavRandom

/// The direct writers (`writeJSON`) must write exactly the bytes of the general path
/// (`JSONWriter.write(x.jsonValue)`): same members, same order. Random request sequences (the
/// model-based generator's) on two apps, plus deep links, dry runs and apply, compare every
/// result, its events, the tree and the state after every step.
@Suite struct DirectJSONTests {
    @Test func randomSequencesWriteTheSameBytes() {
        for (app, salt) in [(AppDefinition.sample, UInt64(11)), (handBuiltShopApp(), UInt64(12))] {
            var seeds = SplitMix64(seed: 0x6A73_6F6E ^ salt)
            var compared = 0
            for _ in 0..<150 {
                var engine = Navigator(definition: app, instance: "00000000")
                var model = ReferenceModel(app: app, limits: RefLimits())
                var generator = ModelOperationGenerator(app: app, seed: seeds.next())
                guard expectSameState(engine) else { return }
                for _ in 0..<40 {
                    let call = generator.next(for: model)
                    _ = model.perform(method: call.method, params: call.params)
                    guard let result = try? engine.perform(NavOperation(method: call.method, params: call.params)) else {
                        continue
                    }
                    guard expectSame(result, call.text), expectSameState(engine) else { return }
                    compared += 1
                }
            }
            #expect(compared > 1_000)
        }
    }

    @Test func deepLinksAndApplyWriteTheSameBytes() throws {
        var engine = Navigator(definition: .sample, instance: "00000000")
        let calls: [(String, JSONValue)] = [
            ("nav.deeplink", ["url": "social://chats/c9/messages/4"]),
            ("nav.deeplink", ["url": "social://friends", "dryRun": true]),
            ("nav.deeplink", ["url": "https://social.example.com/users/42/photos?utm=x&section=friends"]),
            ("nav.deeplink", ["url": "/users/42/photos"]),
            ("nav.deeplink", ["url": "social://posts/abc?x=1"]),
            ("nav.deeplink", ["url": "social://login"]),
            ("nav.apply", ["ops": [["method": "nav.dismissAll", "params": [:]],
                                   ["method": "nav.selectTab", "params": ["tab": "feed"]],
                                   ["method": "nav.popToRoot", "params": [:]],
                                   ["method": "nav.route", "params": ["to": "compose", "params": ["draft": "a \"quoted\"\n draft"]]],
                                   ["method": "nav.close", "params": [:]],
                                   ["method": "nav.route", "params": ["to": "post", "params": ["postId": 7]]]]]),
            ("nav.route", ["to": "profile", "params": ["userId": 3], "transition": "push"]),
            ("nav.selectTab", ["tab": "chats"]),
            ("nav.selectTab", ["tab": "chats"]),
        ]
        for (method, params) in calls {
            let result = try engine.perform(NavOperation(method: method, params: params))
            #expect(expectSame(result, "\(method) \(params)"))
            #expect(expectSameState(engine))
        }
    }

    @Test func integersAreWrittenAsTheirDecimalText() {
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, -1, -9, -10, -12_345, Int.max, Int.min, Int.max - 1, Int.min + 1]
        values += (0..<19).map { Int(pow10: $0) } + (0..<19).map { Int(pow10: $0) - 1 } + (0..<19).map { -Int(pow10: $0) }
        for value in values {
            var out: [UInt8] = []
            JSONWriter.writeInt(value, into: &out)
            #expect(String(decoding: out, as: UTF8.self) == String(value))
        }
    }

    @discardableResult
    private func expectSame(_ result: OperationResult, _ label: String) -> Bool {
        let direct = JSONBuffer.encode { result.writeJSON(into: &$0) }
        let spliced = JSONBuffer.encode { result.writeJSON(into: &$0, encodedEvents: result.events.encodedJSON) }
        let general = JSONWriter.bytes(result.jsonValue)
        let events = JSONWriter.bytes(.array(result.events.map(\.jsonValue)))
        let ok = direct == general && spliced == general && result.events.encodedJSON == events
        #expect(ok, "\(label)\n general: \(String(decoding: general, as: UTF8.self))\n direct:  \(String(decoding: direct, as: UTF8.self))")
        return ok
    }

    private func expectSameState(_ engine: Navigator) -> Bool {
        let direct = JSONBuffer.encode { engine.writeStateJSON(into: &$0) }
        let ok = direct == JSONWriter.bytes(engine.stateJSON) && engine.tree.encodedJSON == JSONWriter.bytes(engine.tree.jsonValue)
        #expect(ok, "state\n general: \(JSONWriter.string(engine.stateJSON))\n direct:  \(String(decoding: direct, as: UTF8.self))")
        return ok
    }
}

private extension Int {
    init(pow10 exponent: Int) {
        self = (0..<exponent).reduce(1) { value, _ in value * 10 }
    }
}
