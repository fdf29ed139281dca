import Testing
@testable import NavigationCore
import NavProtocol
import NavJSON
import NavTestSupport

/// Issue 11, defects 2 and 4: operations whose cost grew with the square (or the cube) of what
/// they touch. `nav.dismissAll` of 8,000 nested modals took 110 s (events were derived with a
/// scan of the records inside a scan inside a scan), an `apply` of N routes walked the visible
/// path from the root at every step, and a deep link of L segments against `/w/*rest` joined
/// the wildcard's text for every prefix (16,000 segments: 18 s). Timings prove nothing on a
/// shared machine, so these tests count the engine's work (`WorkMeter`: tree lookups, records
/// scanned, trie nodes visited, bytes of captured text built) at N and 2N: linear work at most
/// doubles (2.2 allows for constant parts); quadratic work quadruples.
@Suite struct ScaleCostTests {
    /// The sample app with `profile → profile` (a modal) routed `n` times: `n` nested modals.
    private func nestedModals(_ n: Int) throws -> (Navigator, work: Int) {
        var nav = sampleNavigator()
        let route = try NavOperation(method: "nav.route", params: ["to": "profile", "params": ["userId": 1]])
        let apply = NavOperation.apply(Array(repeating: route, count: n), expectRevision: nil)
        let (_, work) = try WorkMeter.measure { try nav.perform(apply) }
        #expect(nav.tree.flows.count == 5 + n)
        return (nav, work)
    }

    private func expectLinear(_ what: String, _ work: (Int) throws -> Int, at n: Int = 400,
                              sourceLocation: SourceLocation = #_sourceLocation) rethrows {
        let small = try work(n)
        let large = try work(2 * n)
        #expect(Double(large) <= 2.2 * Double(small),
                "\(what): \(small) units of work at \(n), \(large) at \(2 * n) (\(Double(large) / Double(small))×)",
                sourceLocation: sourceLocation)
    }

    @Test func applyOfNRoutesIsLinear() throws {
        try expectLinear("apply of n modal routes") { n in try nestedModals(n).work }
    }

    /// A request on the sample app under `n` nested modals (`nestedModals`) that ends all of
    /// them: `n` flows finish.
    struct UnderNestedModals: Sendable, CustomTestStringConvertible {
        var method: String
        var params: JSONObject
        /// Whether the events are exactly `n` exits, each followed by its container's
        /// flowFinished, plus willHide and willShow.
        var onlyExitsAndFinishes: Bool

        var testDescription: String { "\(method) \(JSONWriter.string(.object(params)))" }
    }

    static let underNestedModals = [
        UnderNestedModals(method: "nav.dismissAll", params: [:], onlyExitsAndFinishes: true),
        UnderNestedModals(method: "nav.close", params: ["screen": "s5"], onlyExitsAndFinishes: true),
        UnderNestedModals(method: "flow.finish", params: ["flow": "f6", "result": 1], onlyExitsAndFinishes: false),
        UnderNestedModals(method: "nav.popToRoot", params: ["flow": "f2"], onlyExitsAndFinishes: false),
        UnderNestedModals(method: "nav.deeplink", params: ["url": "social://feed"], onlyExitsAndFinishes: false),
    ]

    @Test(arguments: underNestedModals)
    func endingNestedModalsIsLinear(_ request: UnderNestedModals) throws {
        try expectLinear(request.testDescription + " under n nested modals") { n in
            var (nav, _) = try nestedModals(n)
            let (result, work) = try WorkMeter.measure { try nav.call(request.method, .object(request.params)) }
            #expect(result.events.finishedFlows.count == n)
            if request.onlyExitsAndFinishes { #expect(result.events.count == 2 * n + 2) }
            return work
        }
    }

    @Test func eventsKeepTheirOrderUnderNestedModals() throws {
        var (nav, _) = try nestedModals(3)
        let result = try nav.call("nav.dismissAll")
        expectEvents(result, [
            #"willHide s7 profile {"userId":1,"section":"posts"}"#,
            #"exit s7 profile {"userId":1,"section":"posts"} modal dismiss"#,
            "flowFinished f8 - null",
            #"exit s6 profile {"userId":1,"section":"posts"} modal dismiss"#,
            "flowFinished f7 - null",
            #"exit s5 profile {"userId":1,"section":"posts"} modal dismiss"#,
            "flowFinished f6 - null",
            "willShow s1 feedList",
        ])
        expectTree(nav, sampleTree())
    }

    // MARK: Deep links

    /// An app whose `/w/*rest` takes any path under `/w`.
    private func wildcardNavigator() throws -> Navigator {
        let definition = try AppDefinition.load(json: """
            {"app": "w", "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}},
             "screens": {"home": {"path": "/home", "routes": ["rest"]},
                         "rest": {"path": "/w/*rest", "params": {"rest": {"type": "string"}}}}}
            """).definition
        return Navigator(definition: definition, instance: "00000000")
    }

    private func wildcardURL(_ segments: Int) -> String {
        "/w" + String(repeating: "/ab", count: segments)
    }

    @Test func wildcardDeepLinkIsLinearInSegments() throws {
        try expectLinear("nav.deeplink of n segments against /w/*rest", { n in
            var nav = try wildcardNavigator()
            let (result, work) = try WorkMeter.measure { try nav.call("nav.deeplink", ["url": .string(wildcardURL(n))]) }
            let rest = Array(repeating: "ab", count: n).joined(separator: "/")
            #expect(result.jsonValue["chain"] == [["screen": "rest", "params": ["rest": .string(rest)], "pattern": "/w/*rest"]])
            return work
        }, at: 2_000)
    }

    @Test func wildcardResolveIsLinearInSegments() throws {
        try expectLinear("routes.resolve of n segments against /w/*rest", { n in
            let nav = try wildcardNavigator()
            let (result, work) = try WorkMeter.measure { try nav.resolve(wildcardURL(n)) }
            guard case .success(let outcome) = result.outcome else { throw ResolveFailed() }
            #expect(outcome.chain.count == 1)
            return work
        }, at: 2_000)
    }

    /// The chain is what matching every prefix gives, also where a wildcard competes with
    /// exact routes, typed captures reject a prefix, and an enum wildcard fits only some.
    @Test func chainEqualsTheBestMatchOfEveryPrefix() throws {
        let definition = try AppDefinition.load(json: """
            {"app": "w", "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}},
             "screens": {"home": {"path": "/home"},
                         "any": {"path": "/w/*rest", "params": {"rest": {"type": "string"}}},
                         "number": {"path": "/w/:n/*tail", "params": {"n": {"type": "int"}, "tail": {"type": "int"}}},
                         "pick": {"path": "/w/x/*choice", "params": {"choice": {"type": "enum", "values": ["a", "a/b", "c/d/e"]}}},
                         "exact": {"path": "/w/x/a/b/z"}}}
            """).definition
        let matcher = try DeepLinkMatcher(definition: definition)
        for path in ["/w", "/w/1", "/w/1/2", "/w/1/2/3", "/w/x/a", "/w/x/a/b", "/w/x/a/b/z", "/w/x/c/d/e/f", "/w/x/c/d/e", "/home", "/w/1/x"] {
            let segments = path.split(separator: "/").map(String.init)
            var expected: [DeepLinkMatch] = []
            if matcher.bestMatch(segments[...]) != nil {
                for length in 1...segments.count {
                    guard let match = matcher.bestMatch(segments[..<length]) else { continue }
                    if expected.last?.screen == match.screen { expected.removeLast() }
                    expected.append(match)
                }
            }
            #expect(matcher.chain(for: segments) == expected, "\(path)")
        }
    }
}

private struct ResolveFailed: Error {}
