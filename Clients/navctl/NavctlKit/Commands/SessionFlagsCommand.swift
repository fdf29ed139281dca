internal import ArgumentParser
internal import NavClient
internal import NavJSON

/// `navctl session [show]`, `navctl session set NAME=true|false …`: `session.get`, `session.set`
/// (docs/guards.md).
struct SessionFlagsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Shows or sets the session flags that guards test, and the request a guard holds.",
        subcommands: [SessionShowCommand.self, SessionSetCommand.self],
        defaultSubcommand: SessionShowCommand.self)
}

struct SessionShowCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Shows every session flag and the pending request.")

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let view = try session.using { connection throws(NavClientError) in try connection.session() }
        session.output(SessionText.json(view), json: common.json) { SessionText.render(view) }
    }
}

struct SessionSetCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Sets session flags (the others keep their value); the pending request resumes when its flag is set.")

    @Argument(help: ArgumentHelp("Flags to set.", valueName: "name=true|false"))
    var flags: [String]

    @OptionGroup var common: CommonOptions

    func validate() throws {
        guard !flags.isEmpty else { throw ValidationError("give at least one flag: session set signedIn=true") }
        _ = try parsed()
    }

    /// The flags as navd takes them; `yes`, `1` and the like are refused, not guessed.
    func parsed() throws(ValidationError) -> [(name: String, value: Bool)] {
        var result: [(name: String, value: Bool)] = []
        for word in flags {
            guard let assignment = Assignment(word) else { throw ValidationError("expected name=true or name=false, got '\(word)'") }
            switch assignment.value {
            case "true": result.append((assignment.name, true))
            case "false": result.append((assignment.name, false))
            default: throw ValidationError("flag '\(assignment.name)' must be true or false, not '\(assignment.value)'")
            }
        }
        return result
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        let flags: [(name: String, value: Bool)]
        do {
            flags = try parsed()
        } catch {
            throw usageError(error.message)
        }
        let result = try session.using { connection throws(NavClientError) in try connection.setSession(flags) }
        session.output(result.json, json: common.json) { SessionText.change(result) }
    }
}
