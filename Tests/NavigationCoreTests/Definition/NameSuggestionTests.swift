import Testing
@testable import NavigationCore

/// "Did you mean" was uneven in `navd check`: an event step's `"pots"` and a param type's
/// `"integer"` got the nearest names, but a route to `"serch"`, a guard redirect `"logn"`, a
/// mistyped root, tab, initial tab, stack root, transition, notFound or requires got none.
/// Every name reference gets the nearest names of its kind.
@Suite struct NameSuggestionTests {
    @Test func everyNameReferenceSuggestsTheNearestNamesOfItsKind() {
        let text = #"""
            {"app": "t", "root": "mian", "notFound": "notFond",
             "flows": {"main": {"kind": "tabs", "tabs": ["feed", "serch"], "initialTab": "fed"},
                       "feed": {"kind": "stack", "root": "feedLst"},
                       "search": {"kind": "stack", "root": "searchHome", "transition": "modl"}},
             "screens": {"feedList": {"path": "/", "routes": ["serch", {"to": "searchHome", "transition": "sheeet"}],
                                      "requires": ["signedInn"]},
                         "searchHome": {"path": "/search"},
                         "notFound": {"path": "/404", "params": {"url": {"type": "string"}}},
                         "login": {"path": "/login"}},
             "transitions": {"sheet": {"base": "modal", "animator": "sheet"}},
             "guards": {"signedIn": {"redirect": "logn"}}}
            """#
        let found = check(text)
        #expect(Set(found) == [
            "error: $.root: unknown flow 'mian'; did you mean 'main'?",
            "error: $.flows.main.tabs[1]: unknown flow 'serch'; did you mean 'search'?",
            "error: $.flows.main.initialTab: initialTab 'fed' is not one of the tabs; did you mean 'feed'?",
            "error: $.flows.feed.root: unknown screen 'feedLst'; did you mean 'feedList'?",
            "error: $.flows.search.transition: unknown transition 'modl'; did you mean 'modal'?",
            "error: $.screens.feedList.routes[0]: unknown destination 'serch'; did you mean 'search'?",
            "error: $.screens.feedList.routes[1].transition: unknown transition 'sheeet'; did you mean 'sheet'?",
            "error: $.screens.feedList.requires[0]: unknown guard 'signedInn'; did you mean 'signedIn'?",
            "error: $.notFound: unknown screen 'notFond'; did you mean 'notFound'?",
            "error: $.guards.signedIn.redirect: unknown destination 'logn'; did you mean 'login'?",
        ])
        #expect(found.count == 10, "\(found)")
    }

    @Test func aNameNearNothingGetsNoQuestion() {
        #expect(check(app(screens: #""s": {"path": "/s", "routes": ["zzzzzz"]}"#)) == [
            "error: $.screens.s.routes[0]: unknown destination 'zzzzzz'"
        ])
    }
}
