import Testing
@testable import NavigationCore

@Suite struct DeepLinkParamsTests {
    private let screen = ScreenDefinition(
        name: "search", path: "/search/:scope",
        params: [ParamDefinition(name: "scope", type: .string), ParamDefinition(name: "page", type: .int, optional: true),
                 ParamDefinition(name: "sort", type: .enumeration(["new", "top"]), optional: true)])

    @Test func queryFillsDeclaredParamsCapturesWinUnknownAreIgnored() {
        let params = DeepLinkParams(
            captured: ["scope": "all"],
            query: [("scope", "mine"), ("page", "3"), ("utm", "x"), ("page", "9"), ("utm", "y"), ("ref", "")],
            screen: screen)
        #expect(params.values == ["scope": "all", "page": 3])
        #expect(params.ignored == ["utm", "ref"])
        #expect(params.invalid == [])
    }

    @Test func invalidQueryValuesAreReported() {
        let params = DeepLinkParams(captured: ["scope": "all"], query: [("page", "two"), ("sort", "old")], screen: screen)
        #expect(params.values == ["scope": "all"])
        #expect(params.invalid == [
            DeepLinkParams.Invalid(name: "page", value: "two", problem: .wrongType(expected: "int", got: "string")),
            DeepLinkParams.Invalid(name: "sort", value: "old", problem: .notAllowed(value: "old", allowed: ["new", "top"])),
        ])
    }
}
