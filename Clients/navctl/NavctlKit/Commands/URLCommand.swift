internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl url [ID]`: `nav.url`.
struct URLCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Prints the canonical URL of the top screen or the given one.")

    @Argument(help: ArgumentHelp("A screen instance (default: the top screen).", valueName: "id"))
    var screen: String?

    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        var request: JSONObject = [:]
        if let screen { request["screen"] = .string(screen) }
        let result = try session.call("nav.url", request)
        session.outputPlain(result, json: common.json) {
            result["url"]?.stringValue ?? "no canonical URL (the screen has no path, or its params do not fill one)"
        }
    }
}
