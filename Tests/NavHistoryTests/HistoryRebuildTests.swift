import NavRandom
import Testing
@testable import NavigationCore
@testable import NavHistory
@testable import NavJSON
import NavTestSupport

/// A history that keeps undos instead of trees gives back every revision's tree exactly: from
/// the current tree or a kept one, across goto, reset and session-only revisions, after the
/// oldest entries were dropped, and after entries restored with their trees.
@Suite struct HistoryRebuildTests {
    /// Appends the navigator's newest revision as the server does.
    func remember(_ nav: Navigator, into history: inout History) {
        let keeps = nav.revision % History.keptTreeInterval == 0
        history.append(HistoryEntry(
            revision: nav.revision, at: nav.revision, cause: HistoryCause(method: "test"), events: [], undo: nav.lastUndo,
            keeping: keeps ? nav.tree : nil))
    }

    @Test(arguments: [10_000, 50])
    func everyRevisionsTreeIsRebuilt(limit: Int) throws {
        var nav = sampleNavigator()
        var history = History(limit: limit)
        history.append(HistoryEntry(revision: 1, at: 1, cause: .daemonStart, events: nav.bootEvents, tree: nav.tree))
        var trees: [Int: NavigationTree] = [1: nav.tree]
        var random = SplitMix64(seed: 0xa11)
        var text: TreeText?
        var committed = 0
        while nav.revision < 300 {
            let before = nav.revision
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3: _ = try? nav.call("nav.route", ["to": "post", "params": ["postId": .int(Int.random(in: 1...9, using: &random))]])
            case 4: _ = try? nav.call("nav.route", ["to": "profile", "params": ["userId": 3]])
            case 5...6: _ = try? nav.call("nav.close", [:])
            case 7: _ = try? nav.call("nav.selectTab", ["tab": .int(Int.random(in: 0...3, using: &random))])
            case 8:
                let back = Int.random(in: max(1, nav.revision - 40)...nav.revision, using: &random)
                if let tree = trees[back] { _ = try? nav.goto(tree) }
            default:
                if Bool.random(using: &random) { _ = try? nav.reset() } else { _ = try? nav.call("nav.route", ["to": "compose"]) }
            }
            guard nav.revision != before else { continue }
            remember(nav, into: &history)
            trees[nav.revision] = nav.tree
            // Written against one text as a server does, across gotos and resets (whose undo
            // replaces the whole tree): the current tree now and then, a commit at other times.
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                history.update(&text, current: nav.tree, revision: nav.revision)
                #expect(text.map { String(decoding: $0.bytes, as: UTF8.self) } == nav.tree.jsonText, "revision \(nav.revision)")
            case 1:
                let written = try history.copiedRows(since: committed, current: nav.tree, text: &text)
                #expect(written.map(\.revision) == Array(max(committed + 1, history.oldest!)...nav.revision))
                for row in written {
                    #expect(String(decoding: row.tree, as: UTF8.self) == trees[row.revision]?.jsonText, "revision \(row.revision)")
                }
                committed = nav.revision
            default:
                break
            }
        }
        let kept = history.entries(limit: limit).map(\.revision)
        #expect(kept.count == min(limit, 300))
        for revision in kept {
            #expect(try history.tree(of: revision, current: nav.tree) == trees[revision], "revision \(revision)")
        }
        let entries = try history.entriesKeepingTrees(since: kept[0] + 3, limit: 70, current: nav.tree)
        #expect(entries.map(\.revision) == Array(kept[4..<min(kept.count, 74)]))
        for entry in entries { #expect(try entry.tree == trees[entry.revision]) }
        // As a store asks for them: each tree as its JSON, written during the walk, and the
        // newest one's text.
        text = nil
        let encoded = try history.copiedRows(since: kept[0] + 3, current: nav.tree, text: &text)
        #expect(encoded.map(\.revision) == Array(kept[4...]))
        #expect(Array(encoded.prefix(70)) == entries.map(CopiedRow.init))
        for row in encoded { #expect(row.tree == trees[row.revision]?.encodedJSON) }
        #expect(text?.revision == nav.revision)
        #expect(text?.bytes == nav.tree.encodedJSON)
        #expect(try history.tree(of: kept[0] - 1, current: nav.tree) == nil)
        // Only one entry in `keptTreeInterval` holds a tree.
        #expect(history.entries(limit: limit).filter(\.keepsTree).count <= kept.count / History.keptTreeInterval + 1)
    }

    @Test func restoredEntriesAreReadAndNewOnesRebuilt() throws {
        var nav = sampleNavigator()
        var history = History(limit: 100)
        // Restored entries: their trees as stored JSON.
        history.append(HistoryEntry(revision: 1, at: 1, cause: .daemonStart, encodedEvents: Array("[]".utf8), rebuildingTree: { [boot = nav.tree.encodedJSON] in boot }))
        var trees = [1: nav.tree]
        for postId in 1...5 {
            _ = try nav.call("nav.route", ["to": "post", "params": ["postId": .int(postId)]])
            remember(nav, into: &history)
            trees[nav.revision] = nav.tree
        }
        for revision in 1...6 { #expect(try history.tree(of: revision, current: nav.tree) == trees[revision]) }
    }
}

private extension NavigationTree {
    /// `encodedJSON` as text, which a failed expectation shows readably.
    var jsonText: String { String(decoding: encodedJSON, as: UTF8.self) }
}
