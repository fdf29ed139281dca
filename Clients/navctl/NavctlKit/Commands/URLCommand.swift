internal import ArgumentParser
internal import NavClient
internal import NavigationCore
internal import NavJSON

/// `navctl url [ID]`: `nav.url`.
struct URLCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Prints the canonical URL of the top screen or the given one.")

    @Argument(help: ArgumentHelp("A screen instance (default: the top screen).", valueName: "id"))
    var screen: ScreenID?

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.using { connection throws(NavClientError) in try connection.url(of: screen) }
        session.output(result.json, json: common.json) {
            result.url ?? "no canonical URL (the screen has no path, or its params do not fill one)"
        }
    }
}
