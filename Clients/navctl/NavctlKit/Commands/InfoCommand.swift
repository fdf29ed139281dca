internal import ArgumentParser
internal import NavClient
internal import NavigationCore

/// `navctl info`: `daemon.info`.
struct InfoCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Prints navd's version, app, socket, revision and clients.")

    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let info = try session.using { connection throws(NavClientError) in try connection.info() }
        let me = try session.connected().clientID
        session.output(info.json, json: common.json) { InfoText.render(info, me: me) }
    }
}
