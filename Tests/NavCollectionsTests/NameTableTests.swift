import NavCollections
import Testing
import NavRandom

/// `NameTable` finds what a `Dictionary` built the same way (first value of a name wins)
/// finds, for ASCII, non-ASCII, empty and long names, and misses the rest.
@Suite struct NameTableTests {
    @Test func findsWhatADictionaryFinds() {
        var random = SplitMix64(seed: testSeed("NameTableTests"))
        let alphabet: [Character] = ["a", "b", "Z", "K", "_", "1", "é", "ß", "日", "🙂", "-", "\u{212A}"]
        func name() -> String {
            String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for _ in 0..<300 {
            let pairs = (0..<Int.random(in: 0...40, using: &random)).map { (name: name(), value: $0) }
            let table = NameTable(pairs)
            var reference: [String: Int] = [:]
            for (name, value) in pairs where reference[name] == nil { reference[name] = value }
            #expect(table.count == reference.count)
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

    /// The Kelvin sign is canonically equivalent to the ASCII letter K: a `Dictionary` finds
    /// either by the other, whichever came first. Before: an ASCII name was only looked for by
    /// its bytes, so `K` missed the Kelvin sign's entry and was added beside it.
    @Test func anASCIINameFindsItsNonASCIIEquivalent() {
        let kelvin = "\u{212A}"
        #expect(kelvin == "K" && Array(kelvin.utf8) != Array("K".utf8))
        let kelvinFirst = NameTable([(name: kelvin, value: 1), (name: "K", value: 2)])
        #expect(kelvinFirst.count == 1)
        #expect(kelvinFirst["K"] == 1)
        #expect(kelvinFirst[kelvin] == 1)
        let asciiFirst = NameTable([(name: "K", value: 1), (name: kelvin, value: 2)])
        #expect(asciiFirst.count == 1)
        #expect(asciiFirst["K"] == 1)
        #expect(asciiFirst[kelvin] == 1)
    }
}
