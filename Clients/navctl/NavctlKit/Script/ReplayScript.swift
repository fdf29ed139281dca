public import NavClient
internal import NavigationCore
internal import NavJSON
internal import NavProtocol

/// `navctl history --script`: a `navctl run` script that replays past revisions from the
/// state before them. Each revision's cause becomes the navctl command that issues it again,
/// followed by `expect top …` for that revision's top screen, so that a session explored by
/// hand becomes a regression test.
///
/// A recording names screens and flows by the instance ids of the navd it came from; a navd
/// the script replays against has other ids (`reset` gives fresh ones). So a cause's ids are
/// written by what they stood for where the tree before it says that is the same thing: the
/// top screen (`close`), a screen name that is the nearest from the top (`pop-to post`), the
/// nearest tabs flow (`tab`), the top stack (`pop-to-root`). An id nothing else can name
/// stays, with a comment; `from` and `expectRevision` (checks the recording passed) go.
public struct ReplayScript: Sendable, Hashable {
    /// Where the script says it came from (`/tmp/navd.sock`).
    public var source: String
    /// The revision whose tree the script starts from, nil when the range starts with a
    /// revision that opens the boot tree itself (so it needs no state before it).
    public var before: HistoryEntryView?
    /// The revisions to replay, oldest first; each with its tree.
    public var entries: [HistoryEntryView]

    /// Splits what `nav.history {since: after - 1, tree: true}` answered into the state before
    /// (the revision `after`) and the range after it (all of it when nil). Without an entry
    /// before the range, a first entry that does not open the boot tree becomes the starting
    /// state: what came before it is unknown.
    public init(source: String, fetched: [HistoryEntryView], after: Int?) {
        self.source = source
        var range = fetched.filter { $0.revision > (after ?? Int.min) }
        var before = fetched.last { $0.revision < (range.first?.revision ?? Int.max) }
        if before == nil, let first = range.first, !Self.opensBootTree(first.cause) {
            before = first
            range.removeFirst()
        }
        self.before = before
        self.entries = range
    }

    public init(source: String, before: HistoryEntryView?, entries: [HistoryEntryView]) {
        self.source = source
        self.before = before
        self.entries = entries
    }

    /// The causes whose revision is the boot tree: the start, a migration, a reset.
    static func opensBootTree(_ cause: HistoryCauseView) -> Bool {
        switch cause.kind {
        case .daemon(.start), .daemon(.migrate), .call(.reset): return true
        case .call, .unknown: return false
        }
    }

    /// The script, one line per string.
    public var lines: [String] {
        var lines: [String] = []
        guard let first = entries.first, let last = entries.last else {
            lines.append("# navctl history --script: no revisions to replay from \(source)")
            if let before { lines.append("# (the latest revision there is r\(before.revision))") }
            return lines
        }
        let range = first.revision == last.revision ? "r\(first.revision)" : "r\(first.revision)–r\(last.revision)"
        lines.append("# navctl history --script: \(range) recorded from navd at \(source); replay with navctl run")
        var tree = before.flatMap(Self.state)
        if let before, Self.opensBootTree(before.cause) {
            lines.append("# starts from the boot tree (r\(before.revision), \(before.cause.method)):")
            lines.append("reset")
            lines.append(contentsOf: expectation(before))
        } else if let before {
            let top = tree?.topScreen.map { ParamText.named($0.screen, $0.params) } ?? "unknown"
            lines.append("# starts from the state of r\(before.revision) (top: \(top)); on the navd it came from: navctl goto \(before.revision)")
            lines.append(contentsOf: expectation(before))
        }
        // The replay remakes the revisions from here on, one per command: a goto to one of
        // them is a number of revisions back, which holds on any navd.
        let firstReplayed = before?.revision ?? first.revision
        for entry in entries {
            let command = Self.command(for: entry.cause, before: tree, replayed: firstReplayed..<entry.revision)
            lines.append(contentsOf: command.notes.map { "# r\(entry.revision): \($0)" })
            lines.append(command.line)
            lines.append(contentsOf: expectation(entry))
            tree = Self.state(entry)
        }
        return lines
    }

    public var text: String { lines.joined(separator: "\n") + "\n" }

    private func expectation(_ entry: HistoryEntryView) -> [String] {
        guard let top = Self.state(entry)?.topScreen else { return ["# r\(entry.revision): its tree was not fetched; no expectation"] }
        return ["expect top " + ParamText.named(top.screen, top.params)]
    }

    static func state(_ entry: HistoryEntryView) -> NavStateView? {
        entry.root.map { NavStateView(revision: entry.revision, instance: "", root: $0) }
    }

    /// A command line and what a reader should know about it.
    struct Command: Sendable, Hashable {
        var line: String
        var notes: [String] = []
    }

    /// The navctl command that sends `cause` again, given the tree before it and the recorded
    /// revisions the replay has remade by then (the last of them is the one before `cause`'s).
    static func command(for cause: HistoryCauseView, before tree: NavStateView?, replayed: Range<Int> = 0..<0) -> Command {
        var params = cause.params
        params["expectRevision"] = nil
        let asCalled = Command(line: "call \(ScriptWord.quoted(cause.method)) \(ScriptWord.quoted(JSONWriter.string(.object(params))))")
        switch cause.kind {
        case .daemon(.start), .daemon(.migrate), .call(.reset):
            return Command(line: "reset")
        case .call(.operation(let operation)):
            return command(for: operation, before: tree) ?? asCalled
        case .call(.sessionSet(let flags, _)):
            guard !flags.isEmpty else { return asCalled }
            return Command(line: "session set " + flags.map { "\(ScriptWord.quoted($0.name))=\($0.value)" }.joined(separator: " "))
        case .call(.emit(let name, let payload, _)):
            // The definition decides the same way again; a listener may not be there: its
            // answer is replayed as the steps it was.
            guard let event = cause.event else { return asCalled }
            if event.by == "definition" {
                var line = "emit \(ScriptWord.quoted(name))"
                if !payload.isEmpty { line += " " + ParamText.pairs(payload) }
                return Command(line: line)
            }
            let ops = JSONWriter.string(["ops": .array(event.steps)])
            return Command(
                line: "call \(RPCMethod.navApply.rawValue) \(ScriptWord.quoted(ops))",
                notes: ["event \(name) was handled by listener \(event.by): its steps are replayed"])
        case .call(.goto(let revision, _)):
            if replayed.contains(revision), let current = replayed.last, revision < current {
                return Command(line: "goto --back \(current - revision)", notes: ["goto r\(revision)"])
            }
            return Command(
                line: "goto \(revision)",
                notes: ["goto names the recording's revision \(revision), which the script does not remake; the replaying navd numbers its revisions its own way"])
        case .call(.state), .call(.subscribe), .call(.unsubscribe), .call(.url), .call(.routesList), .call(.routesResolve),
             .call(.daemonInfo), .call(.daemonHello), .call(.rpcDiscover), .call(.history), .call(.sessionGet), .call(.listen),
             .unknown:
            return asCalled
        }
    }

    /// The navctl command that performs `operation` again (nil for `nav.apply`, which is sent
    /// as it was), given the tree before it.
    private static func command(for operation: NavOperation, before tree: NavStateView?) -> Command? {
        switch operation {
        case .route(let request):
            var words = ["route", ScriptWord.quoted(request.to)]
            var notes: [String] = []
            if !request.params.isEmpty { words.append(ParamText.pairs(request.params.object)) }
            if let transition = request.transition { words += ["--transition", ScriptWord.quoted(transition)] }
            if request.singleTop { words.append("--single-top") }
            if let popTo = request.popTo {
                let selector = screenSelector(popTo.description, in: tree)
                notes += selector.notes
                words += ["--pop-to", selector.word]
                if request.popToInclusive { words.append("--inclusive") }
            }
            return Command(line: words.joined(separator: " "), notes: notes)
        case .close(let screen, _):
            guard let screen = screen?.description else { return Command(line: "close") }
            if tree?.topScreen?.id == screen { return Command(line: "close") }
            return Command(line: "close \(ScriptWord.quoted(screen))", notes: [recordedID(screen, in: tree)])
        case .popTo(let screen, let inclusive, _):
            let selector = screenSelector(screen.description, in: tree)
            return Command(line: "pop-to \(selector.word)\(inclusive ? " --inclusive" : "")", notes: selector.notes)
        case .popToRoot(let flow, _):
            guard let flow = flow?.description else { return Command(line: "pop-to-root") }
            if tree?.visiblePath.last?.id == flow { return Command(line: "pop-to-root") }
            return Command(line: "pop-to-root \(ScriptWord.quoted(flow))", notes: [recordedID(flow, in: tree)])
        case .dismissAll:
            return Command(line: "dismiss-all")
        case .selectTab(let tab, let flow, _):
            let tabWord: String
            switch tab {
            case .index(let index): tabWord = String(index)
            case .name(let name): tabWord = ScriptWord.quoted(name)
            }
            guard let flow = flow?.description, tree?.nearestTabs?.id != flow else { return Command(line: "tab \(tabWord)") }
            return Command(line: "tab \(tabWord) --flow \(ScriptWord.quoted(flow))", notes: [recordedID(flow, in: tree)])
        case .finishFlow(let flow, let result, _):
            var line = "finish \(ScriptWord.quoted(flow.description))"
            if !result.isNull { line += " --result " + ScriptWord.quoted(JSONWriter.string(result)) }
            return Command(line: line, notes: [recordedID(flow.description, in: tree)])
        case .deeplink(let url, _, _):
            return Command(line: "deeplink \(ScriptWord.quoted(url))")
        case .apply:
            return nil
        }
    }

    /// A screen id as a name when the name finds the same screen (the nearest of that name
    /// from the top of the top stack), else the id with a note.
    private static func screenSelector(_ screen: String, in tree: NavStateView?) -> (word: String, notes: [String]) {
        guard ScreenID(screen) != nil else { return (ScriptWord.quoted(screen), []) }
        if let tree, let named = tree.screen(id: screen),
            tree.visibleStack.last(where: { $0.screen == named.screen })?.id == screen {
            return (ScriptWord.quoted(named.screen), [])
        }
        return (ScriptWord.quoted(screen), [recordedID(screen, in: tree)])
    }

    private static func recordedID(_ id: String, in tree: NavStateView?) -> String {
        let what = tree?.screen(id: id).map { " (\($0.screen))" } ?? tree?.flow(id: id)?.flow.map { " (\($0))" } ?? ""
        return "\(id)\(what) is the recording's id: this line replays only where the ids are the same"
    }
}

/// A word of a script line, quoted only when the word splitter would otherwise change it.
enum ScriptWord {
    static func quoted(_ word: String) -> String {
        let plain = !word.isEmpty && word.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_-./:,@%+=?&".unicodeScalars.contains(scalar)
        }
        if plain { return word }
        var quoted = "'"
        for character in word { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }
}
