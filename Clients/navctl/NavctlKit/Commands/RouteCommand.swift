internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl route DEST [name=value …]`: `nav.route`.
struct RouteCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "route",
        abstract: "Opens a screen or starts a flow from the top screen.",
        discussion: """
            Params are name=value words typed by the app definition: in `navctl route profile \
            userId=42`, userId is sent as an int because profile declares it so. The top \
            screen's routes must allow the destination.
            """)

    @Argument(help: "The screen or flow to open.", completion: .custom(ShellCompletions.complete))
    var destination: String

    @Argument(
        help: ArgumentHelp("The destination's params.", valueName: "name=value"),
        completion: .custom(ShellCompletions.complete))
    var params: [String] = []

    @Option(
        help: ArgumentHelp(
            "push, modal, modalWithNavigation or a custom transition (default: the route's, else the destination's).",
            valueName: "name"),
        completion: .custom(ShellCompletions.complete))
    var transition: String?

    @Option(help: ArgumentHelp("Refuse (conflict) unless this screen instance is still the top.", valueName: "id"))
    var from: ScreenID?

    @Flag(help: "Open nothing when the top is already this screen with these params.")
    var singleTop = false

    @Option(
        help: ArgumentHelp("First pop the top stack down to this screen (an instance id or a name).", valueName: "id|name"),
        completion: .custom(ShellCompletions.complete))
    var popTo: String?

    @Flag(help: "With --pop-to, pop that screen too.")
    var inclusive = false

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions
    @OptionGroup var paramOption: ParamOptionHint

    func validate() throws {
        try paramOption.check(command: ["route", destination], params: params)
        try validateAssignments(params)
        if inclusive && popTo == nil { throw ValidationError("--inclusive needs --pop-to") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        let request = RouteRequest(
            to: destination, params: JSONObjectText(try session.typedParams(for: destination, params, command: Self.self)),
            transition: transition, from: from, expectRevision: revision.expectRevision, singleTop: singleTop,
            popTo: popTo.map(ScreenSelector.init), popToInclusive: inclusive)
        let result = try session.perform(.route(request))
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
