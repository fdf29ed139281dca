import Testing
@testable import NavigationCore
@testable import NavJSON

/// What `navd check` adds about deep links: patterns that can never win (another matches every
/// URL they match and ranks first), with both patterns and a URL that shows it; and, as a note,
/// screens only a deep link reaches. Each test asserts the whole diagnostics list.
@Suite("Shadowed patterns and screens only links reach")
struct PatternShadowingTests {
    /// The minimal app with scheme `t` and these screens.
    func linked(_ screens: String) -> String {
        app(screens: screens, extra: #""schemes": ["t"]"#)
    }

    @Test func aWildcardWithFewerCapturesShadowsTheLongerPattern() {
        let text = linked(#"""
            "files": {"path": "/files/*rest", "params": {"rest": {"type": "string"}}},
            "pair": {"path": "/files/:a/:b", "params": {"a": {"type": "string"}, "b": {"type": "int"}}}
            """#)
        #expect(check(text) == [
            "warning: $.screens.pair.path: '/files/:a/:b' can never win: '/files/*rest' of screen 'files' at $.screens.files.path matches every URL it matches and ranks first (as many literal segments, fewer captures), e.g. t://files/x/1"
        ])
        // The URL it shows does go to the shadowing screen.
        let definition = try! AppDefinition.load(json: text).definition
        let matcher = try! DeepLinkMatcher(definition: definition)
        #expect(matcher.bestMatch(["files", "x", "1"])?.screen == "files")
    }

    @Test func patternsTheWildcardDoesNotBeatAreNotReported() {
        let text = linked(#"""
            "files": {"path": "/files/*rest", "params": {"rest": {"type": "string"}}},
            "one": {"path": "/files/:a", "params": {"a": {"type": "string"}}},
            "edit": {"path": "/files/:a/edit", "params": {"a": {"type": "string"}}},
            "other": {"path": "/other/:a/:b", "params": {"a": {"type": "string"}, "b": {"type": "string"}}}
            """#)
        // One segment: no wildcard wins the tie. A literal after the wildcard's start: more
        // literals. Another first literal: never matched by it.
        #expect(check(text).filter { $0.contains("can never win") } == [])
    }

    @Test func capturesMustAcceptWhatTheShadowedPatternAccepts() {
        let narrow = linked(#"""
            "byId": {"path": "/n/:id/*rest", "params": {"id": {"type": "int"}, "rest": {"type": "string"}}},
            "words": {"path": "/n/:s/:t/:u", "params": {"s": {"type": "string"}, "t": {"type": "string"}, "u": {"type": "string"}}}
            """#)
        #expect(check(narrow) == [], "an int capture does not take every string: /n/abc/x/y goes to words")
        let same = narrow.replacingOccurrences(of: #""s": {"type": "string"}"#, with: #""s": {"type": "int"}"#)
        #expect(check(same) == [
            "warning: $.screens.words.path: '/n/:s/:t/:u' can never win: '/n/:id/*rest' of screen 'byId' at $.screens.byId.path matches every URL it matches and ranks first (as many literal segments, fewer captures), e.g. t://n/1/x/x"
        ])
        let typedWildcard = linked(#"""
            "num": {"path": "/k/*n", "params": {"n": {"type": "int"}}},
            "pair": {"path": "/k/:a/:b", "params": {"a": {"type": "string"}, "b": {"type": "string"}}}
            """#)
        #expect(check(typedWildcard) == [], "an int wildcard takes no two segments")
    }

    @Test func anExpansionOfTheSamePatternCanBeShadowed() {
        let text = linked(#"""
            "docs": {"path": "/docs(/:section)/*rest", "params": {"section": {"type": "string"}, "rest": {"type": "string"}}}
            """#)
        #expect(check(text) == [
            "warning: $.screens.docs.path: '/docs/:section/*rest' can never win: '/docs/*rest' of screen 'docs' at $.screens.docs.path matches every URL it matches and ranks first (as many literal segments, fewer captures), e.g. t://docs/x/x"
        ])
    }

    @Test func aScreenOnlyALinkReachesIsANoteOnlyCheckAsksFor() throws {
        let text = linked(#"""
            "hidden": {"path": "/hidden"},
            "shown": {"path": "/shown"},
            "missing": {"params": {"url": {"type": "string"}}}
            """#).replacingOccurrences(of: #""home": {"path": "/"}"#, with: #""home": {"path": "/", "routes": ["shown"]}"#)
            .replacingOccurrences(of: #""schemes": ["t"]"#, with: #""schemes": ["t"], "notFound": "missing""#)
        #expect(check(text) == [], "notes are not warnings: navd starts without them")
        let definition = try AppDefinition.load(json: text).definition
        #expect(definition.notes().map(\.description) == [
            "note: $.screens.hidden: only a deep link reaches this screen: no route from root flow 'main' leads here"
        ])
    }

    @Test func theSampleHasNoFindings() {
        #expect(AppDefinition.sample.validate() == [])
        #expect(AppDefinition.sample.notes() == [])
    }
}
