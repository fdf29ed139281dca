import Testing
@testable import NavigationCore

/// `NavigatorContext` resolves every screen and flow of a definition by its name.
@Suite struct NavigatorContextTests {
    @Test func theSampleAppResolvesEveryName() {
        let context = Navigator(definition: .sample).context
        for screen in AppDefinition.sample.screens {
            #expect(context.screen(named: screen.name)?.name == screen.name)
            if case .screen(let resolved)? = context.destination(named: screen.name) {
                #expect(resolved.name == screen.name)
            } else {
                Issue.record("\(screen.name) is not a screen destination")
            }
        }
        for flow in AppDefinition.sample.flows {
            #expect(context.flow(named: flow.name)?.definition.name == flow.name)
        }
        #expect(context.destination(named: "nope") == nil)
        #expect(context.screen(named: "") == nil)
    }
}
