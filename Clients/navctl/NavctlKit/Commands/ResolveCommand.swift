internal import ArgumentParser
internal import NavClient
internal import NavigationCore

/// `navctl resolve URL`: `routes.resolve`.
struct ResolveCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "resolve",
        abstract: "Explains how a URL matches the routes, changing nothing.")

    @Argument(help: "The URL.")
    var url: String

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.using { connection throws(NavClientError) in try connection.resolve(url: url) }
        session.output(result.json, json: common.json) { ResolveText.render(result) }
    }
}
