import Testing
@testable import NavigationCore
import NavFixtures

/// `NameTable` finds what a `Dictionary` built the same way (first value of a name wins)
/// finds, for ASCII, non-ASCII, empty and long names, and misses the rest.
@Suite struct NameTableTests {
    @Test func findsWhatADictionaryFinds() {
        var random = SplitMix64(seed: testSeed("NameTableTests"))
        let alphabet: [Character] = ["a", "b", "Z", "_", "1", "é", "ß", "日", "🙂", "-"]
        func name() -> String {
            String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for _ in 0..<300 {
            let pairs = (0..<Int.random(in: 0...40, using: &random)).map { (name: name(), value: $0) }
            let table = NameTable(pairs)
            var reference: [String: Int] = [:]
            for (name, value) in pairs where reference[name] == nil { reference[name] = value }
            for name in reference.keys { #expect(table[name] == reference[name], "\(name)") }
            for _ in 0..<40 {
                let probe = name()
                #expect(table[probe] == reference[probe], "\(probe)")
            }
        }
    }

    @Test func namesCompareByCanonicalEquivalence() {
        let precomposed = "caf\u{E9}", decomposed = "cafe\u{301}"
        #expect(precomposed == decomposed && Array(precomposed.utf8) != Array(decomposed.utf8))
        let table = NameTable([(name: decomposed, value: 1), (name: precomposed, value: 2), (name: "cafe", value: 3)])
        #expect(table[precomposed] == 1)
        #expect(table[decomposed] == 1)
        #expect(table["cafe"] == 3)
        #expect(table["caf"] == nil)
    }

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
