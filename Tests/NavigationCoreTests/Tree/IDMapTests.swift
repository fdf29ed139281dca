import Testing
@testable import NavigationCore
import NavFixtures

/// `IDMap` against `Dictionary`: random inserts, replacements, removals and in-place edits,
/// over dense ids (as navd makes them) and sparse or negative ones (as an injected `IDSource`
/// may), compared after every step.
@Suite struct IDMapTests {
    @Test func behavesAsADictionary() {
        var random = SplitMix64(seed: testSeed("IDMapTests"))
        for round in 0..<300 {
            var map = IDMap<ScreenID, Int>()
            var reference: [ScreenID: Int] = [:]
            let span = [3, 20, 200, 1 << 40][round % 4]
            for step in 0..<200 {
                let key = ScreenID(Int.random(in: -span...span, using: &random) * (round % 8 == 5 ? 1024 : 1))
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
            var rebuilt = IDMap<ScreenID, Int>()
            for (key, value) in reference.sorted(by: { $0.key > $1.key }) { rebuilt.insert(value, for: key) }
            #expect(rebuilt == map)
            #expect(rebuilt.hashValue == map.hashValue)
            if let (key, value) = reference.first {
                rebuilt.insert(value + 1, for: key)
                #expect(rebuilt != map)
            }
        }
    }

    @Test func emptyMaps() {
        let empty = IDMap<FlowID, String>()
        #expect(empty.isEmpty && empty.count == 0)
        #expect(empty[FlowID(0)] == nil)
        #expect(empty.read(FlowID(0)) { $0.pointee } == nil)
        var map: IDMap<FlowID, String> = [FlowID(1): "a"]
        #expect(map.removeValue(forKey: FlowID(2)) == nil)
        #expect(map.removeValue(forKey: FlowID(1)) == "a")
        #expect(map == empty)
        #expect(map.update(FlowID(1)) { $0 = "b" } == nil)
    }
}
