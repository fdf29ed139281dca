import Testing
@testable import NavigationCore
import NavFixtures
import NavRandom

/// The matcher against the brute-force reference on generated route tables: a large table
/// where each link has one intended winner, and small tables full of ties.
@Suite struct DeepLinkGeneratedTests {
    @Test func tenThousandPatternsEachLinkFindsItsRoute() throws {
        var generator = PatternGenerator(patterns: 10_000, seed: 0x5EED_0001)
        let definition = generator.definition
        let matcher = try DeepLinkMatcher(definition: definition)
        let reference = try BruteForceMatcher(definition)
        #expect(Set(matcher.routes.map(\.pattern.shapeKey)).count == matcher.routes.count)
        #expect(matcher.routes.contains { $0.pattern.hasWildcard })
        #expect(matcher.routes.count > definition.screens.count)  // some optional groups
        for index in definition.screens.indices {
            let link = generator.link(forScreen: index)
            let parsed = try DeepLinkURL.parse(link.path, schemes: [], hosts: [])
            #expect(parsed.segments == link.segments)
            let result = matcher.match(parsed.segments)
            #expect(result.best == DeepLinkMatch(screen: link.screen, pattern: link.pattern, params: link.params), "\(link.path)")
            if index % 4 == 0 {
                #expect(result == reference.match(link.segments), "\(link.path)")
            }
        }
    }

    /// Few words, many captures and wildcards, duplicate shapes: ties everywhere, and typed
    /// captures that reject. Best match and the ranked candidate list must equal the reference.
    @Test(arguments: 0..<20)
    func smallTablesWithTiesMatchTheReference(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let words = ["a", "b", "1"]
        let types: [ParamType] = [.string, .int, .bool, .enumeration(["a", "x"])]
        var screens: [ScreenDefinition] = []
        for index in 0..<30 {
            var path = ""
            var params: [ParamDefinition] = []
            for position in 0..<Int.random(in: 0...4, using: &rng) {
                if Bool.random(using: &rng) {
                    path += "/" + words.randomElement(using: &rng)!
                } else {
                    params.append(ParamDefinition(name: "p\(position)", type: types.randomElement(using: &rng)!))
                    path += "/:p\(position)"
                }
            }
            if !path.isEmpty, Int.random(in: 0..<4, using: &rng) == 0 { path += "(/:opt)" }
            if Int.random(in: 0..<5, using: &rng) == 0 { path += "/*rest" }
            screens.append(ScreenDefinition(name: "s\(index)", path: path.isEmpty ? "/" : path, params: params))
        }
        let definition = AppDefinition(app: "t", root: "", flows: [], screens: screens)
        let matcher = try DeepLinkMatcher(definition: definition)
        let reference = try BruteForceMatcher(definition)
        var matched = 0
        for _ in 0..<300 {
            let path = (0..<Int.random(in: 0...6, using: &rng)).map { _ in ["a", "b", "1", "x", "true"].randomElement(using: &rng)! }
            let result = matcher.match(path)
            #expect(result == reference.match(path), "seed \(seed): /\(path.joined(separator: "/"))")
            #expect(matcher.bestMatch(path[...]) == result.best)
            if result.best != nil { matched += 1 }
        }
        #expect(matched > 0)
    }
}
