import NavCollections
import Testing
import NavRandom

/// `HashTable` against `Dictionary`: random inserts, replacements, removals and in-place edits,
/// compared after every step, with sequential ids (as connections and instances get them),
/// sparse, negative, clustered and colliding ones (as an injected id source may make).
@Suite struct HashTableTests {
    /// A number key as the engine's instance ids are: hashed as the number itself.
    struct Number: TableKey, Hashable {
        let value: Int
        init(_ value: Int) { self.value = value }
        var tableHash: UInt64 { UInt64(truncatingIfNeeded: value) }
    }

    final class Box {
        let tag: Int
        init(_ tag: Int) { self.tag = tag }
    }

    /// Connection ids: a counter, with removals, and keys sharing their low bits.
    @Test(arguments: [1, 2, 3, 4])
    func connectionIDsMatchADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = HashTable<UInt64, Box>()
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

    @Test func behavesAsADictionary() {
        var random = SplitMix64(seed: testSeed("HashTableTests"))
        for round in 0..<300 {
            var map = HashTable<Number, Int>()
            var reference: [Number: Int] = [:]
            let span = [3, 20, 200, 1 << 40][round % 4]
            for step in 0..<200 {
                let key = Number(Int.random(in: -span...span, using: &random) * (round % 8 == 5 ? 1024 : 1))
                switch Int.random(in: 0..<5, using: &random) {
                case 0, 1:
                    map.insert(step, for: key)
                    reference[key] = step
                case 2:
                    #expect(map.removeValue(forKey: key) == reference.removeValue(forKey: key))
                case 3:
                    let edited = map.update(key) { value -> Int in
                        value += 1
                        return value
                    }
                    reference[key]? += 1
                    #expect(edited == reference[key])
                default:
                    map[key] = nil
                    reference[key] = nil
                }
                #expect(map.count == reference.count)
                #expect(map[key] == reference[key])
                #expect(map.contains(key) == (reference[key] != nil))
                #expect(map.read(key) { $0.pointee * 2 } == reference[key].map { $0 * 2 })
            }
            #expect(Dictionary(uniqueKeysWithValues: map.map { ($0.key, $0.value) }) == reference)
            #expect(Set(map.keys) == Set(reference.keys))
            #expect(map.values.sorted() == reference.values.sorted())
            for key in reference.keys { #expect(map[key] == reference[key]) }

            // Equality and hashing ignore the order the table happens to hold.
            var rebuilt = HashTable<Number, Int>()
            for (key, value) in reference.sorted(by: { $0.key.value > $1.key.value }) { rebuilt.insert(value, for: key) }
            #expect(rebuilt == map)
            #expect(rebuilt.hashValue == map.hashValue)
            if let (key, value) = reference.first {
                rebuilt.insert(value + 1, for: key)
                #expect(rebuilt != map)
            }
        }
    }

    @Test func emptyTables() {
        let empty = HashTable<Number, String>()
        #expect(empty.isEmpty && empty.count == 0)
        #expect(empty[Number(0)] == nil)
        #expect(empty.read(Number(0)) { $0.pointee } == nil)
        var map: HashTable<Number, String> = [Number(1): "a"]
        #expect(map.removeValue(forKey: Number(2)) == nil)
        #expect(map.removeValue(forKey: Number(1)) == "a")
        #expect(map == empty)
        #expect(map.update(Number(1)) { $0 = "b" } == nil)
    }

    /// A key that counts the lookups the table reports.
    struct Counted: TableKey {
        nonisolated(unsafe) static var lookups = 0
        let value: Int
        var tableHash: UInt64 { UInt64(value) }
        static func countLookup() { lookups += 1 }
    }

    /// Each lookup is reported to the key type once (the engine counts its work with it).
    @Test func everyLookupIsCounted() {
        var table = HashTable<Counted, Int>()
        table.insert(1, for: Counted(value: 1))
        let before = Counted.lookups
        _ = table[Counted(value: 1)]
        _ = table.contains(Counted(value: 2))
        _ = table.read(Counted(value: 1)) { $0.pointee }
        #expect(Counted.lookups - before == 3)
    }
}
