internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl close [ID]`: `nav.close`.
struct CloseCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Closes the top screen, or the given one, by reversing the transition that opened it.")

    @Argument(help: ArgumentHelp("The screen instance to close (default: the top screen).", valueName: "id"))
    var screen: String?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        var request: JSONObject = [:]
        if let screen { request["screen"] = .string(screen) }
        revision.adding(to: &request)
        let result = try session.call("nav.close", request)
        try session.output(result, json: common.json) { () throws(NavctlError) in try ResultText.change(result) }
    }
}
