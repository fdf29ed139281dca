internal import ArgumentParser
internal import NavigationCore

/// `navctl info`: `daemon.info`.
struct InfoCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Prints navd's version, app, socket, revision and clients.")

    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        let result = try session.call("daemon.info")
        let me = try session.connected().clientID
        session.outputPlain(result, json: common.json) { InfoText.render(result, me: me) }
    }
}
