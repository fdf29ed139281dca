import NavCollections
import Testing
import NavRandom

/// `ConnectionTable` against `Dictionary`, and the connections it holds released when they
/// are removed or the table goes.
@Suite struct ConnectionTableTests {
    final class Connection {
        let id: UInt64
        let released: Released
        init(_ id: UInt64, _ released: Released) {
            self.id = id
            self.released = released
        }
        deinit { released.ids.append(id) }
    }

    final class Released {
        var ids: [UInt64] = []
    }

    @Test func matchesADictionary() {
        var random = SplitMix64(seed: testSeed("ConnectionTableTests"))
        let released = Released()
        let table = ConnectionTable<Connection>()
        var reference: [UInt64: Connection] = [:]
        var nextID: UInt64 = 1
        for _ in 0..<5_000 {
            if reference.isEmpty || Int.random(in: 0..<3, using: &random) > 0 {
                let connection = Connection(nextID, released)
                table.insert(connection, for: nextID)
                reference[nextID] = connection
                nextID += 1
            } else {
                let id = reference.keys.randomElement(using: &random)!
                #expect(table.remove(id) === reference.removeValue(forKey: id))
                #expect(table.remove(id) == nil)
            }
            #expect(table.count == reference.count)
            #expect(table.isEmpty == reference.isEmpty)
            let probe = UInt64.random(in: 0...nextID, using: &random)
            #expect(table[probe] === reference[probe])
        }
        #expect(Set(table.values.map(\.id)) == Set(reference.keys))
        #expect(released.ids.count == Int(nextID - 1) - reference.count)
    }

    @Test func theTableReleasesWhatItHoldsWhenItGoes() {
        let released = Released()
        var table: ConnectionTable<Connection>? = ConnectionTable()
        for id in UInt64(1)...3 { table!.insert(Connection(id, released), for: id) }
        table!.insert(Connection(2, released), for: 2)
        #expect(released.ids == [2])
        table = nil
        #expect(released.ids.sorted() == [1, 2, 2, 3])
    }
}
