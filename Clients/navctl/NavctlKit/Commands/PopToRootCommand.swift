internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl pop-to-root [FLOW_ID]`: `nav.popToRoot`.
struct PopToRootCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "pop-to-root",
        abstract: "Pops the top stack, or the given flow's, to its root.")

    @Argument(help: ArgumentHelp("The flow instance whose stack to pop (default: the top container).", valueName: "flow-id"))
    var flow: String?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        var request: JSONObject = [:]
        if let flow { request["flow"] = .string(flow) }
        revision.adding(to: &request)
        let result = try session.call("nav.popToRoot", request)
        try session.output(result, json: common.json) { () throws(NavctlError) in try ResultText.change(result) }
    }
}
