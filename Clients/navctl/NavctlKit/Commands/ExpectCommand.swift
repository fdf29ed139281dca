internal import ArgumentParser
internal import NavClient
internal import NavigationCore

/// `navctl expect …`: assertions on the state, for scripts (`navctl run`), the shell and
/// one-shot checks (exit 1 when they fail).
struct ExpectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "expect",
        abstract: "Checks the top screen, a stack, the tab, the revision, the session or the next command's error.",
        discussion: "A failed expectation prints `expected …, got …` and exits 1 (in a script: FILE:LINE: …).",
        subcommands: [
            ExpectTopCommand.self, ExpectStackCommand.self, ExpectTabCommand.self, ExpectErrorCommand.self,
            ExpectRevisionCommand.self, ExpectPendingCommand.self, ExpectFlagCommand.self,
        ])
}

/// An `expect` subcommand: checks the state and says what it found.
protocol ExpectationCommand: SessionCommand {
    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation
}

extension ExpectationCommand {
    func check(in session: NavctlSession) throws(NavctlError) -> StateExpectation.Outcome {
        let expectation = try expectation(in: session)
        return expectation.check(try session.state())
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        switch try check(in: session) {
        case .passed(let what): session.print("ok: \(what)")
        case .failed(let expected, let got): throw .failed("expected \(expected), got \(got)")
        }
    }

    /// A screen name and its typed params; a screen the app does not have is a usage error.
    func entry(_ screen: String, _ words: [String], in session: NavctlSession) throws(NavctlError) -> StateExpectation.StackEntry {
        guard try session.definition().screen(named: screen) != nil else {
            throw usageError("no screen named '\(screen)'")
        }
        return StateExpectation.StackEntry(screen, try session.typedParams(for: screen, words, command: Self.self))
    }
}

struct ExpectTopCommand: ExpectationCommand {
    static let configuration = CommandConfiguration(
        commandName: "top",
        abstract: "Checks the top screen and, if given, its params.")

    @Argument(help: "The screen name.", completion: .custom(ShellCompletions.complete))
    var screen: String

    @Argument(
        help: ArgumentHelp("Params it must have (others are not checked).", valueName: "name=value"),
        completion: .custom(ShellCompletions.complete))
    var params: [String] = []

    @OptionGroup var common: CommonOptions

    func validate() throws { try validateAssignments(params) }

    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation {
        .top(try entry(screen, params, in: session))
    }
}

struct ExpectStackCommand: ExpectationCommand {
    static let configuration = CommandConfiguration(
        commandName: "stack",
        abstract: "Checks the visible stack, or a flow's, bottom first: A > B > C.",
        discussion: """
            With a FLOW name first (expect stack feed feedList > post), the stack of the \
            nearest instance of that flow; a place may add params (post postId=5).
            """)

    @Argument(help: ArgumentHelp("[FLOW] SCREEN [name=value …] > SCREEN …", valueName: "places"))
    var words: [String] = []

    @OptionGroup var common: CommonOptions

    func validate() throws {
        do {
            let stack = try StackWords(words)
            try stack.places.forEach { try validateAssignments($0.params) }
        } catch let error as StackWordsError {
            throw ValidationError(error.message)
        }
    }

    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation {
        let stack: StackWords
        do {
            stack = try StackWords(words)
        } catch {
            throw usageError(error.message)
        }
        if let flow = stack.flow, try session.definition().flow(named: flow) == nil {
            throw usageError("no flow named '\(flow)'")
        }
        var entries: [StateExpectation.StackEntry] = []
        for place in stack.places { entries.append(try entry(place.screen, place.params, in: session)) }
        return .stack(flow: stack.flow, entries)
    }
}

struct ExpectTabCommand: ExpectationCommand {
    static let configuration = CommandConfiguration(
        commandName: "tab",
        abstract: "Checks the selected tab of the nearest tabs flow.")

    @Argument(help: "The tab's flow name.", completion: .custom(ShellCompletions.complete))
    var tab: String

    @OptionGroup var common: CommonOptions

    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation { .tab(tab) }
}

struct ExpectRevisionCommand: ExpectationCommand {
    static let configuration = CommandConfiguration(
        commandName: "revision",
        abstract: "Checks the revision.")

    @Argument(help: "The revision.")
    var revision: Int

    @OptionGroup var common: CommonOptions

    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation { .revision(revision) }
}

struct ExpectPendingCommand: ExpectationCommand {
    static let configuration = CommandConfiguration(
        commandName: "pending",
        abstract: "Checks the request a guard holds: none, or its method (nav.route, nav.deeplink, …).")

    @Argument(help: ArgumentHelp("none, or the pending request's method.", valueName: "none|method"))
    var method: String

    @OptionGroup var common: CommonOptions

    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation {
        .pending(method == "none" ? nil : method)
    }
}

struct ExpectFlagCommand: ExpectationCommand {
    static let configuration = CommandConfiguration(
        commandName: "flag",
        abstract: "Checks a session flag.")

    @Argument(help: ArgumentHelp("The flag and its value.", valueName: "name=true|false"))
    var flag: String

    @OptionGroup var common: CommonOptions

    func validate() throws { _ = try parsed() }

    func parsed() throws(ValidationError) -> (name: String, value: Bool) {
        guard let assignment = Assignment(flag), ["true", "false"].contains(assignment.value) else {
            throw ValidationError("expected name=true or name=false, got '\(flag)'")
        }
        return (assignment.name, assignment.value == "true")
    }

    func expectation(in session: NavctlSession) throws(NavctlError) -> StateExpectation {
        do {
            let (name, value) = try parsed()
            return .flag(name, value)
        } catch {
            throw usageError(error.message)
        }
    }
}

struct ExpectErrorCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "error",
        abstract: "Expects the next command to fail with this data.reason (in a script or the shell).")

    @Argument(
        help: ArgumentHelp("routeNotAllowed, unknownDestination, invalidParams, nothingToClose, conflict, …", valueName: "reason"),
        completion: .list(ShellCompletions.reasons))
    var reason: String

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        throw usageError("expect error applies to the next command: use it in a script (navctl run) or the shell")
    }
}
