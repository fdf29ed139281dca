import Testing
@testable import NavigationCore
@testable import NavJSON
import NavFixtures

/// `validatedParams` returns the params as given when they are exactly the declared ones, in
/// order, of their types: that must be the very object the general path builds (same pairs,
/// same order, same number forms), or the same error.
@Suite struct ParamsFastPathTests {
    static let values: [JSONValue] = [
        .null, true, false, 0, 7, -3, .double(2.0), .double(2.5), "", "posts", "photos", "x", [], ["a": 1],
    ]

    @Test func fastPathMatchesTheGeneralPath() throws {
        var random = SplitMix64(seed: testSeed("ParamsFastPathTests"))
        let navigator = Navigator(definition: try shopDefinition())
        let transaction = Transaction(context: navigator.context, tree: navigator.tree, ids: navigator.ids)
        let types: [ParamType] = [.string, .int, .double, .bool, .enumeration(["posts", "photos"])]
        var fast = 0
        for _ in 0..<5_000 {
            let params = (0..<Int.random(in: 0...3, using: &random)).map { index in
                ParamDefinition(
                    name: "p\(index)", type: types.randomElement(using: &random)!, optional: Bool.random(using: &random),
                    defaultValue: Bool.random(using: &random) ? Self.values.randomElement(using: &random) : nil)
            }
            let screen = ScreenDefinition(name: "s", params: params)
            // Mostly the declared names in order, sometimes shuffled, missing or extra ones.
            var names = params.map(\.name)
            if Int.random(in: 0..<4, using: &random) == 0 { names.shuffle(using: &random) }
            if Int.random(in: 0..<6, using: &random) == 0, !names.isEmpty { names.removeLast() }
            if Int.random(in: 0..<8, using: &random) == 0 { names.append("extra") }
            let given = JSONObject(names.map { ($0, Self.values.randomElement(using: &random)!) })

            let general = Result { () throws(NavError) in try transaction.rebuiltParams(for: screen, given) }
            let result = Result { () throws(NavError) in try transaction.validatedParams(for: screen, given) }
            switch (result, general) {
            case (.success(let a), .success(let b)):
                #expect(JSONWriter.string(.object(a)) == JSONWriter.string(.object(b)), "\(screen) \(given)")
                if JSONWriter.string(.object(a)) == JSONWriter.string(.object(given)) { fast += 1 }
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("fast and general paths disagree for \(screen) given \(given): \(result) vs \(general)")
            }
        }
        #expect(fast > 100, "the fast path was hardly exercised")
    }

    @Test func acceptsUnchangedOnlyWhatValidateReturnsAsIs() {
        let types: [ParamType] = [.string, .int, .double, .bool, .enumeration(["a", "b"]), .unknown("date")]
        for type in types {
            for value in Self.values + ["a", "b"] where type.acceptsUnchanged(value) {
                guard case .success(let validated) = type.validate(value) else {
                    Issue.record("\(type) accepts \(value) unchanged but validate refuses it")
                    continue
                }
                #expect(JSONWriter.string(validated) == JSONWriter.string(value), "\(type) \(value)")
            }
        }
    }
}
