internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl tab NAME|INDEX [--flow ID]`: `nav.selectTab`.
struct TabCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "tab",
        abstract: "Selects a tab by its flow name or its 0-based index.")

    @Argument(help: ArgumentHelp("The tab's flow name or index.", valueName: "name|index"), completion: .custom(ShellCompletions.complete))
    var tab: String

    @Option(help: ArgumentHelp("The tabs flow instance (default: the nearest on the visible path).", valueName: "id"))
    var flow: String?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        var request: JSONObject = ["tab": Int(tab).map(JSONValue.int) ?? .string(tab)]
        if let flow { request["flow"] = .string(flow) }
        revision.adding(to: &request)
        let result = try session.call("nav.selectTab", request)
        try session.output(result, json: common.json) { () throws(NavctlError) in try ResultText.change(result) }
    }
}
