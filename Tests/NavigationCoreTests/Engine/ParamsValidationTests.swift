import Testing
import NavRandom
@testable import NavigationCore
@testable import NavJSON
import NavTestSupport

/// `ScreenDefinition.validatedParams` against the rule it implements, written here the plain
/// way: every given name must be declared (the first that is not is the error), then each
/// declared param in order is validated and normalized, defaulted, or missing. Random
/// declarations and given params, mostly the declared names in order (the result is then the
/// very object given), sometimes shuffled, missing or extra ones.
@Suite struct ParamsValidationTests {
    static let values: [JSONValue] = [
        .null, true, false, 0, 7, -3, .double(2.0), .double(2.5), .double(-1e300), "", "posts", "photos", "x", "p\"s", [], ["a": 1],
    ]

    /// The rule, one step at a time.
    static func expected(_ screen: ScreenDefinition, _ given: JSONObject) throws(NavError) -> JSONObject {
        for key in given.keys where !screen.params.contains(where: { $0.name == key }) {
            throw .invalidParams(param: key, problem: .unknown, screen: screen.name)
        }
        var result = JSONObject()
        for param in screen.params {
            if let value = given[param.name], !value.isNull {
                switch param.type.validate(value) {
                case .success(let normalized): result[param.name] = normalized
                case .failure(let problem): throw .invalidParams(param: param.name, problem: problem, screen: screen.name)
                }
            } else if let value = param.defaultValue {
                result[param.name] = (try? param.type.validate(value).get()) ?? value
            } else if param.isRequired {
                throw .invalidParams(param: param.name, problem: .missing, screen: screen.name)
            }
        }
        return result
    }

    @Test func validatesAsTheRuleSays() throws {
        var random = SplitMix64(seed: testSeed("ParamsValidationTests"))
        let types: [ParamType] = [.string, .int, .double, .bool, .enumeration(["posts", "photos"])]
        var asGiven = 0, refused = 0, textInPlace = 0
        for _ in 0..<5_000 {
            let params = (0..<Int.random(in: 0...3, using: &random)).map { index in
                ParamDefinition(
                    name: "p\(index)", type: types.randomElement(using: &random)!, optional: Bool.random(using: &random),
                    defaultValue: Bool.random(using: &random) ? Self.values.randomElement(using: &random) : nil)
            }
            let screen = ScreenDefinition(name: "s", params: params)
            var names = params.map(\.name)
            if Int.random(in: 0..<4, using: &random) == 0 { names.shuffle(using: &random) }
            if Int.random(in: 0..<6, using: &random) == 0, !names.isEmpty { names.removeLast() }
            if Int.random(in: 0..<8, using: &random) == 0 { names.insert("extra", at: Int.random(in: 0...names.count, using: &random)) }
            let given = JSONObject(names.map { ($0, Self.values.randomElement(using: &random)!) })

            let result = Result { () throws(NavError) in try screen.validatedParams(given) }
            let expected = Result { () throws(NavError) in try Self.expected(screen, given) }
            // The same params as text (a route's) validate to the text of the same result.
            let text = Result { () throws(NavError) in try screen.validatedParams(JSONObjectText(given)) }
            switch (text, expected) {
            case (.success(let a), .success(let b)):
                #expect(a.bytes == JSONObjectText(b).bytes, "\(screen) \(given)")
                if ParamDefinition.areDeclaredAsIs(JSONObjectText(given), params) { textInPlace += 1 }
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
            default:
                Issue.record("validatedParams of text disagrees with the rule for \(screen) given \(given): \(text) vs \(expected)")
            }
            switch (result, expected) {
            case (.success(let a), .success(let b)):
                #expect(JSONWriter.string(.object(a)) == JSONWriter.string(.object(b)), "\(screen) \(given)")
                if JSONWriter.string(.object(a)) == JSONWriter.string(.object(given)) { asGiven += 1 }
            case (.failure(let a), .failure(let b)):
                #expect(a == b)
                refused += 1
            default:
                Issue.record("validatedParams disagrees with the rule for \(screen) given \(given): \(result) vs \(expected)")
            }
        }
        #expect(asGiven > 100 && refused > 100, "too few params taken as given (\(asGiven)) or refused (\(refused))")
        #expect(textInPlace > 100, "too few texts checked in place (\(textInPlace))")
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
