internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl pop-to ID|NAME [--inclusive]`: `nav.popTo`.
struct PopToCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "pop-to",
        abstract: "Pops a stack down to a screen given by instance id or by name.")

    @Argument(
        help: ArgumentHelp("A screen instance id (s12), or a screen name (the nearest from the top).", valueName: "id|name"),
        completion: .custom(ShellCompletions.complete))
    var screen: String

    @Flag(help: "Pop that screen too.")
    var inclusive = false

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.perform(
            .popTo(screen: ScreenSelector(screen), inclusive: inclusive, expectRevision: revision.expectRevision))
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
