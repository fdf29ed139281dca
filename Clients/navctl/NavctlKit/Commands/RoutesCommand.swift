internal import ArgumentParser
internal import NavClient
internal import NavigationCore
internal import NavJSON

/// `navctl routes`: `routes.list`, as a table.
struct RoutesCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Prints the app definition: flows, transitions, screens, params and routes.")

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        if common.json || session.json {
            session.print(JSONWriter.string(try session.using { connection throws(NavClientError) in try connection.routes() }.json))
            return
        }
        session.print(RoutesText.render(try session.definition()))
    }
}
