public import NavClient
internal import NavigationCore
internal import NavJSON

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
        if before == nil, let first = range.first, !Self.opensBootTree(first.cause.method) {
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
    static func opensBootTree(_ method: String) -> Bool {
        method == "daemon.start" || method == "daemon.migrate" || method == "nav.reset"
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
        if let before, Self.opensBootTree(before.cause.method) {
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
        switch cause.method {
        case "daemon.start", "daemon.migrate", "nav.reset":
            return Command(line: "reset")
        case "nav.route":
            guard let to = params["to"]?.stringValue else { break }
            var words = ["route", ScriptWord.quoted(to)]
            var notes: [String] = []
            if let routeParams = params["params"]?.objectValue, !routeParams.isEmpty { words.append(ParamText.pairs(routeParams)) }
            if let transition = params["transition"]?.stringValue { words += ["--transition", ScriptWord.quoted(transition)] }
            if params["singleTop"]?.boolValue == true { words.append("--single-top") }
            if let popTo = params["popTo"]?.objectValue, let screen = popTo["screen"]?.stringValue {
                let selector = screenSelector(screen, in: tree)
                notes += selector.notes
                words += ["--pop-to", selector.word]
                if popTo["inclusive"]?.boolValue == true { words.append("--inclusive") }
            }
            return Command(line: words.joined(separator: " "), notes: notes)
        case "nav.close":
            guard let screen = params["screen"]?.stringValue else { return Command(line: "close") }
            if tree?.topScreen?.id == screen { return Command(line: "close") }
            return Command(line: "close \(ScriptWord.quoted(screen))", notes: [recordedID(screen, in: tree)])
        case "nav.popTo":
            guard let screen = params["screen"]?.stringValue else { break }
            let selector = screenSelector(screen, in: tree)
            let inclusive = params["inclusive"]?.boolValue == true ? " --inclusive" : ""
            return Command(line: "pop-to \(selector.word)\(inclusive)", notes: selector.notes)
        case "nav.popToRoot":
            guard let flow = params["flow"]?.stringValue else { return Command(line: "pop-to-root") }
            if tree?.visiblePath.last?.id == flow { return Command(line: "pop-to-root") }
            return Command(line: "pop-to-root \(ScriptWord.quoted(flow))", notes: [recordedID(flow, in: tree)])
        case "nav.dismissAll":
            return Command(line: "dismiss-all")
        case "nav.selectTab":
            guard let tab = params["tab"] else { break }
            let tabWord = tab.intValue.map(String.init) ?? ScriptWord.quoted(tab.stringValue ?? tab.description)
            guard let flow = params["flow"]?.stringValue, tree?.nearestTabs?.id != flow else { return Command(line: "tab \(tabWord)") }
            return Command(line: "tab \(tabWord) --flow \(ScriptWord.quoted(flow))", notes: [recordedID(flow, in: tree)])
        case "flow.finish":
            guard let flow = params["flow"]?.stringValue else { break }
            var line = "finish \(ScriptWord.quoted(flow))"
            if let result = params["result"], !result.isNull { line += " --result " + ScriptWord.quoted(JSONWriter.string(result)) }
            return Command(line: line, notes: [recordedID(flow, in: tree)])
        case "nav.deeplink":
            guard let url = params["url"]?.stringValue else { break }
            return Command(line: "deeplink \(ScriptWord.quoted(url))")
        case "session.set":
            guard let flags = params["flags"]?.objectValue, !flags.isEmpty,
                  flags.pairs.allSatisfy({ $0.value.boolValue != nil })
            else { break }
            return Command(line: "session set " + flags.pairs.map { "\(ScriptWord.quoted($0.key))=\($0.value.boolValue!)" }.joined(separator: " "))
        case "event.emit":
            // The definition decides the same way again; a listener may not be there: its
            // answer is replayed as the steps it was.
            guard let event = cause.event, let name = params["name"]?.stringValue else { break }
            if event.by == "definition" {
                var line = "emit \(ScriptWord.quoted(name))"
                if let payload = params["payload"]?.objectValue, !payload.isEmpty { line += " " + ParamText.pairs(payload) }
                return Command(line: line)
            }
            let ops = JSONWriter.string(["ops": .array(event.steps)])
            return Command(
                line: "call nav.apply \(ScriptWord.quoted(ops))",
                notes: ["event \(name) was handled by listener \(event.by): its steps are replayed"])
        case "nav.goto":
            guard let revision = params["revision"]?.intValue else { break }
            if replayed.contains(revision), let current = replayed.last, revision < current {
                return Command(line: "goto --back \(current - revision)", notes: ["goto r\(revision)"])
            }
            return Command(
                line: "goto \(revision)",
                notes: ["goto names the recording's revision \(revision), which the script does not remake; the replaying navd numbers its revisions its own way"])
        default:
            break
        }
        return Command(line: "call \(ScriptWord.quoted(cause.method)) \(ScriptWord.quoted(JSONWriter.string(.object(params))))")
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
