import NavRandom
@testable import NavigationCore
@testable import NavHistory

/// Follows a model-based sequence as the durable server does: every revision goes into a
/// history, at random points the current tree is written as for a subscriber
/// (`History.update`), and at others the revisions since the last "commit" are written
/// (`History.rowsEncodingTrees`), all against one text. Each tree written that way must be
/// exactly `encodedJSON` of that revision's tree, and the text must know where each flow lies
/// as a text written whole does. One sequence in four keeps a history of two entries, shorter
/// than many commits.
struct TreeTextCheck {
    private var history: History
    private var trees: [Int: NavigationTree] = [:]
    private var committed = 0
    private var text: TreeText?
    private var random: SplitMix64

    init(boot navigator: Navigator, seed: UInt64) {
        random = SplitMix64(seed: seed ^ 0x7465_7874)
        history = History(limit: seed % 4 == 0 ? 2 : 1_000)
        history.append(HistoryEntry(revision: navigator.revision, at: 0, cause: .daemonStart, events: [], tree: navigator.tree))
        trees[navigator.revision] = navigator.tree
    }

    /// Takes the navigator's newest revision, if it made one, and commits one time in three
    /// (always with `flush`); describes the first tree written wrong, or `nil`.
    mutating func follow(_ navigator: Navigator, flush: Bool = false) -> String? {
        if navigator.revision != history.latest {
            history.append(HistoryEntry(
                revision: navigator.revision, at: 0, cause: HistoryCause(method: "test"), events: [], undo: navigator.lastUndo,
                keeping: nil))
            trees[navigator.revision] = navigator.tree
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            history.update(&text, current: navigator.tree, revision: navigator.revision)
            if text?.bytes != navigator.tree.encodedJSON { return "the current tree (revision \(navigator.revision)) was written wrong" }
            if let problem = spansProblem() { return problem }
        }
        guard navigator.revision != committed, flush || Int.random(in: 0..<3, using: &random) == 0 else { return nil }
        let against = text
        var rows: [(revision: Int, tree: [UInt8])] = []
        do {
            let written = try history.rowsEncodingTrees(since: committed, current: navigator.tree, text: &text)
            for index in 0..<written.count { written.withRow(index) { rows.append(($0.revision, Array($0.tree))) } }
        } catch {
            return "rowsEncodingTrees threw \(error)"
        }
        for row in rows where row.tree != trees[row.revision]?.encodedJSON {
            return """
                revision \(row.revision) (committed after \(committed), against \(against.map { "\($0.revision)" } ?? "nothing")) \
                was written as \(String(decoding: row.tree, as: UTF8.self)), \
                not \(String(decoding: trees[row.revision]?.encodedJSON ?? [], as: UTF8.self))
                """
        }
        guard text?.revision == navigator.revision, rows.last?.revision == navigator.revision, text?.bytes == rows.last?.tree else {
            return "the text kept is not revision \(navigator.revision)'s"
        }
        committed = navigator.revision
        return spansProblem()
    }

    /// Where the text's spans differ from those of its tree written whole.
    private func spansProblem() -> String? {
        guard let text, let tree = trees[text.revision] else { return nil }
        let whole = TreeText(tree, revision: text.revision)
        let spans = Dictionary(uniqueKeysWithValues: text.spans.map { ($0.key, [$0.value.offset, $0.value.count]) })
        let wholeSpans = Dictionary(uniqueKeysWithValues: whole.spans.map { ($0.key, [$0.value.offset, $0.value.count]) })
        if spans != wholeSpans { return "the text of revision \(text.revision) has the spans \(spans), not \(wholeSpans)" }
        // Every screen of the tree, and no other (a removed screen's span is dropped).
        let screens = Dictionary(uniqueKeysWithValues: text.screenSpans.map { ($0.key, [$0.value.offset, $0.value.count]) })
        let wholeScreens = Dictionary(uniqueKeysWithValues: whole.screenSpans.map { ($0.key, [$0.value.offset, $0.value.count]) })
        return screens == wholeScreens ? nil : "the text of revision \(text.revision) has the screen spans \(screens), not \(wholeScreens)"
    }
}
