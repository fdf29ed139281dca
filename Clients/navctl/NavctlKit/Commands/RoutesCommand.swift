internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl routes`: `routes.list`, as a table.
struct RoutesCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "routes",
        abstract: "Prints the app definition: flows, transitions, screens, params and routes.")

    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        let result = try session.call("routes.list")
        if common.json || session.json {
            session.print(JSONWriter.string(result))
            return
        }
        session.print(RoutesText.render(try session.definition()))
    }
}
