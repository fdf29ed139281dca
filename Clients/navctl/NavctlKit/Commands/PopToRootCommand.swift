internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl pop-to-root [FLOW_ID]`: `nav.popToRoot`.
struct PopToRootCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "pop-to-root",
        abstract: "Pops the top stack, or the given flow's, to its root.")

    @Argument(help: ArgumentHelp("The flow instance whose stack to pop (default: the top container).", valueName: "flow-id"))
    var flow: FlowID?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.perform(.popToRoot(flow: flow, expectRevision: revision.expectRevision))
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
