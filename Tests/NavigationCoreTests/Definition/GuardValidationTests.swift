import Testing
@testable import NavigationCore

/// `navd check` on guards (docs/app-definition.md "Checks"): a redirect that could never open
/// (it requires the guard it redirects for, directly or through other guards' redirects, or
/// a param nothing supplies) is an error naming the chain; a guard nothing requires is a
/// warning.
@Suite struct GuardValidationTests {
    func errors(_ text: String) -> [String] { check(text).filter { $0.hasPrefix("error") } }
    func warnings(_ text: String) -> [String] { check(text).filter { $0.hasPrefix("warning") && $0.contains("guard") } }

    @Test func aRedirectThatRequiresItsOwnGuardIsAnError() {
        let text = app(
            screens: #""account": {"path": "/account", "requires": ["signedIn"]}, "loginForm": {"path": "/login", "requires": ["signedIn"]}"#,
            flows: #""login": {"kind": "stack", "root": "loginForm"}"#,
            extra: #""guards": {"signedIn": {"redirect": "login"}}"#)
        #expect(errors(text) == [
            "error: $.guards.signedIn.redirect: redirect 'login' requires 'signedIn', the guard it redirects for: it could never open",
        ])
    }

    @Test func aLoopThroughAnotherGuardsRedirectIsAnErrorNamingTheChain() {
        let text = app(
            screens: #""account": {"path": "/account", "requires": ["signedIn"]}, "loginForm": {"path": "/login", "requires": ["verified"]}, "verify": {"path": "/verify", "requires": ["signedIn"]}"#,
            extra: #""guards": {"signedIn": {"redirect": "loginForm"}, "verified": {"redirect": "verify"}}"#)
        #expect(errors(text) == [
            "error: $.guards.signedIn.redirect: redirect 'loginForm' requires 'verified', whose redirect 'verify' requires 'signedIn', the guard it redirects for: it could never open",
            "error: $.guards.verified.redirect: redirect 'verify' requires 'signedIn', whose redirect 'loginForm' requires 'verified', the guard it redirects for: it could never open",
        ])
    }

    @Test func aChainThatEndsIsFine() {
        // premium's redirect requires signedIn, whose redirect requires nothing: it opens.
        let text = app(
            screens: #""vip": {"path": "/vip", "requires": ["signedIn", "premium"]}, "offer": {"path": "/offer", "requires": ["signedIn"]}, "loginForm": {"path": "/login"}"#,
            extra: #""guards": {"signedIn": {"redirect": "loginForm"}, "premium": {"redirect": "offer"}}"#)
        #expect(errors(text) == [])
        #expect(warnings(text) == [])
    }

    @Test func aRedirectThatNeedsParamsIsAnError() {
        let text = app(
            screens: #""account": {"path": "/account", "requires": ["signedIn"]}, "loginForm": {"path": "/login/:code", "params": {"code": {"type": "string"}}}"#,
            extra: #""guards": {"signedIn": {"redirect": "loginForm"}}"#)
        #expect(errors(text) == [
            "error: $.guards.signedIn.redirect: redirect 'loginForm' requires param 'code', but a redirect opens without params",
        ])
    }

    @Test func aGuardNothingRequiresIsAWarning() {
        let text = app(
            screens: #""loginForm": {"path": "/login"}"#,
            extra: #""guards": {"admin": {"redirect": "loginForm"}}"#)
        #expect(errors(text) == [])
        #expect(warnings(text) == ["warning: $.guards.admin: no screen requires guard 'admin': it never redirects"])
    }

    @Test func theSampleAppHasNoGuardProblem() {
        #expect(warnings(AppDefinition.sampleJSON) == [])
        #expect(errors(AppDefinition.sampleJSON) == [])
    }
}
