import NavCollections
import Testing

/// `IDTable` against `Dictionary` on random insertions, replacements and removals, with
/// sequential ids (as connections get them) and clustered and colliding ones.
@Suite struct IDTableTests {
    final class Box {
        let tag: Int
        init(_ tag: Int) { self.tag = tag }
    }

    /// A small deterministic generator (SplitMix64): the same operations on every run.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func matchesDictionary(seed: UInt64) {
        var random = Generator(state: seed)
        var table = IDTable<Box>()
        var reference: [UInt64: Int] = [:]
        var nextID: UInt64 = 1
        for step in 0..<20_000 {
            let key: UInt64
            switch Int.random(in: 0..<4, using: &random) {
            case 0: key = nextID; nextID += 1
            case 1: key = UInt64.random(in: 1...max(nextID, 2), using: &random)
            case 2: key = UInt64.random(in: 1...64, using: &random) << 40  // same low bits
            default: key = reference.keys.randomElement(using: &random) ?? 1
            }
            if Int.random(in: 0..<3, using: &random) == 0 {
                table[key] = nil
                reference[key] = nil
            } else {
                table[key] = Box(step)
                reference[key] = step
            }
            #expect(table.count == reference.count)
            #expect(table[key]?.tag == reference[key])
            if step % 1000 == 0 {
                for (k, tag) in reference { #expect(table[k]?.tag == tag) }
                #expect(table.values.map(\.tag).sorted() == reference.values.sorted())
            }
        }
        for (k, tag) in reference { #expect(table[k]?.tag == tag) }
        for k in reference.keys { table[k] = nil }
        #expect(table.isEmpty)
        #expect(table.values.isEmpty)
    }
}
