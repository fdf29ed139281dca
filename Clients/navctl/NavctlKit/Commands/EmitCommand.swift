internal import ArgumentParser
internal import NavClient
internal import NavigationCore
internal import NavJSON

/// `navctl emit NAME [name=value …]`: `event.emit`.
struct EmitCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "emit",
        abstract: "Emits a routing event; a listener or the app definition turns it into navigation.",
        discussion: """
            The payload is name=value words typed by the event's declared params, as route's \
            are: in `navctl emit postTapped postId=7`, postId is sent as an int. Remote \
            listeners are asked first, then the definition's steps; an event nobody handles \
            changes nothing.
            """)

    @Argument(help: "The event, as the app definition declares it.", completion: .custom(ShellCompletions.complete))
    var event: String

    @Argument(
        help: ArgumentHelp("The event's payload params.", valueName: "name=value"),
        completion: .custom(ShellCompletions.complete))
    var payload: [String] = []

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions
    @OptionGroup var paramOption: ParamOptionHint

    func validate() throws {
        try paramOption.check(command: ["emit", event], params: payload)
        try validateAssignments(payload)
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        let typed = try session.typedPayload(for: event, payload, command: Self.self)
        let result = try session.using { connection throws(NavClientError) in
            try connection.emit(event, payload: typed, expectRevision: revision.expectRevision)
        }
        session.output(result.json, json: common.json) { ResultText.emit(result) }
    }
}
