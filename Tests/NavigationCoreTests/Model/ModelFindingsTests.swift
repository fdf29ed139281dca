import Testing
@testable import NavigationCore
import NavTestSupport

/// Focused tests for what the model-based tests found where the engine departs from the
/// documents. Each states the request sequence, the expected and the actual behaviour.
@Suite struct ModelFindingsTests {
    /// A root *stack* flow whose root screen has a param with a default.
    private func appWithDefaultedRootParam() -> AppDefinition {
        AppDefinition(
            app: "defaults", root: "main",
            flows: [FlowDefinition(name: "main", kind: .stack(root: "home"))],
            screens: [
                ScreenDefinition(
                    name: "home", params: [ParamDefinition(name: "page", type: .int, optional: true, defaultValue: 1)],
                    routes: RouteRules(edges: [RouteRules.Edge(to: "home")]))
            ])
    }

    /// docs/tree.md: a screen instance's `params` have "defaults filled"; semantics.md §18:
    /// "defaults are filled". Tab roots get their defaults at boot, but `Navigator.init` builds
    /// a stack root flow with `rootParams: [:]` unvalidated, so its root screen boots with
    /// `params: {}` (in the tree and in the boot `enter`/`willShow`), and a later `singleTop`
    /// route to that screen with the same (default) params is not recognised as a no-op: it
    /// pushes a second `home`.
    @Test
    func bootFillsTheDefaultsOfAStackRootScreen() throws {
        let app = appWithDefaultedRootParam()
        var engine = Navigator(definition: app, instance: "00000000")
        let model = ReferenceModel(app: app)
        #expect(engine.tree.screen(ScreenID(1))?.params == ["page": 1])
        #expect(engine.tree.jsonValue == model.treeJSON)
        #expect(engine.bootEvents.map(\.jsonValue) == model.bootEvents)
        let result = try engine.call("nav.route", ["to": "home", "singleTop": true])
        #expect(result.noop)
        #expect(engine.revision == 1)
    }
}
