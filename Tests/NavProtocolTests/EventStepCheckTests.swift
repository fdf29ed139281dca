import Testing
import NavigationCore
@testable import NavProtocol

/// The protocol layer's load-time check of event steps (Protocol/semantics.md 70): each step
/// must be a navigation method with that method's fields; a placeholder's value is only
/// judged when an event arrives.
@Suite struct EventStepCheckTests {
    private func check(_ events: String) -> [String] {
        let text = #"""
            {"app": "t", "root": "main", "flows": {"main": {"kind": "stack", "root": "home"}},
             "screens": {"home": {"path": "/", "routes": ["*"]}}, "events": \#(events)}
            """#
        do {
            return try AppDefinition.load(json: text, checks: [EventStepCheck.diagnostics]).warnings.map(\.description)
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func stepsMustBeNavigationMethodsWithTheirFields() {
        #expect(check(#"""
            {"e": {"params": {"s": {"type": "string"}},
                   "steps": [{"method": "nav.rout", "params": {"to": "home"}},
                             {"method": "nav.state"},
                             {"method": "nav.close", "params": {"screen": "$s"}},
                             {"method": "nav.close", "params": {"screen": "home", "extra": 1}},
                             {"method": "nav.deeplink", "params": {"url": 7}}]}}
            """#) == [
            "error: $.events.e.steps[0].method: 'nav.rout' is not a navigation method (nav.route, nav.close, nav.popTo, nav.popToRoot, nav.dismissAll, nav.selectTab, flow.finish, nav.apply, nav.deeplink); did you mean 'nav.route'?",
            "error: $.events.e.steps[1].method: 'nav.state' is not a navigation method (nav.route, nav.close, nav.popTo, nav.popToRoot, nav.dismissAll, nav.selectTab, flow.finish, nav.apply, nav.deeplink); did you mean 'nav.route'?",
            "error: $.events.e.steps[3].params: nav.close: invalid params: 'screen' must be a screen instance id such as s3, not 'home'",
            "error: $.events.e.steps[4].params: nav.deeplink: invalid params: 'url' must be a string, not integer",
        ])
    }

    @Test func theSampleAppsStepsAreValid() {
        #expect(EventStepCheck.diagnostics(AppDefinition.sample) == [])
    }
}
