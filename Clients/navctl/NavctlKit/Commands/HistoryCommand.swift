internal import ArgumentParser
internal import NavClient
internal import NavJSON

/// `navctl history [--since N] [--limit N] [--script]`: `nav.history`.
struct HistoryCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Lists past revisions: what made each one, who, and its events.",
        discussion: """
            One line per revision, oldest first: the latest ones, or with --since N the \
            first ones after revision N (navd's paging). With --script, prints a script for \
            `navctl run` that replays those revisions from the state before them (with --since N, the state of revision N), each \
            followed by `expect top …` for the screen it left on top: \
            `navctl history --script > session.navctl` turns a session into a test.
            """)

    @Option(help: ArgumentHelp("Only the revisions after this one, the first of them (default: the latest).", valueName: "n"))
    var since: Int?

    @Option(help: ArgumentHelp("At most this many revisions (default: navd's).", valueName: "n"))
    var limit: Int?

    @Flag(help: "Print a navctl run script that replays the revisions instead.")
    var script = false

    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let since, since < 0 { throw ValidationError("--since must be 0 or more") }
        if let limit, limit < 1 { throw ValidationError("--limit must be 1 or more") }
        if script && common.json { throw ValidationError("--script prints a script, not JSON: give one of them") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        if script { return try printScript(in: session) }
        let history = try session.using { connection throws(NavClientError) in
            try connection.history(since: since, limit: limit)
        }
        session.output(history.json, json: common.json) { HistoryText.render(history) }
    }

    /// The revisions with their trees, and the one before them (the state the script starts
    /// from): one more revision than asked for, the one at `since`.
    private func printScript(in session: NavctlSession) throws(NavctlError) {
        let history = try session.using { connection throws(NavClientError) in
            // One more than asked for; --limit is any Int, and navd says which limits it takes.
            try connection.history(since: since.map { max(0, $0 - 1) }, limit: limit.map { min($0, Int.max - 1) + 1 }, tree: true)
        }
        session.print(ReplayScript(source: session.socketPath, fetched: history.entries, after: since).text)
    }
}

/// `navctl goto N` and `navctl goto --back N`: `nav.goto`.
struct GotoCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "goto",
        abstract: "Makes a past revision's tree current again, as a new revision.",
        discussion: """
            `goto N` goes to revision N (navctl history lists them). `goto --back N` goes to \
            the revision N before the current one, and fails if another client made a \
            revision in between; it is itself a revision, so `goto --back 1` twice comes back \
            to where it started. A script that `navctl history --script` recorded says \
            `goto --back N`: the navd it replays against numbers its revisions its own way.
            """)

    @Argument(help: ArgumentHelp("The revision (navctl history lists them).", valueName: "revision"))
    var revision: Int?

    @Option(help: ArgumentHelp("Go back this many revisions from the current one instead.", valueName: "n"))
    var back: Int?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        switch (revision, back) {
        case (.some, .some): throw ValidationError("give a revision or --back, not both")
        case (_, let back?) where back < 1: throw ValidationError("--back must be 1 or more")
        default: break
        }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        // Checked here, not in `validate`: argument-parser validates before it reports an
        // unknown option, and `goto -1` would be told to give a revision instead of that `-1`
        // is not one.
        guard revision != nil || back != nil else {
            throw usageError("give a revision (navctl goto 12) or how far back (navctl goto --back 1)")
        }
        let target: (revision: Int, expect: Int?)
        if let back {
            // The current revision, and the goto checks it still is (another client's revision
            // in between would make "back" mean something else).
            let latest = try session.using { connection throws(NavClientError) in try connection.history(limit: 1).latest }
            guard latest - back >= 1 else {
                throw .failed("r\(latest) has \(latest - 1) revision\(latest == 2 ? "" : "s") before it: --back \(back) goes past revision 1")
            }
            target = (latest - back, latest)
        } else {
            target = (revision!, nil)
        }
        let result = try session.using { connection throws(NavClientError) in
            try connection.goto(revision: target.revision, expectRevision: target.expect)
        }
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}

/// `navctl reset`: `nav.reset`.
struct ResetCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "reset",
        abstract: "Opens the boot tree again, with fresh ids, as a new revision.")

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.using { connection throws(NavClientError) in try connection.reset() }
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
