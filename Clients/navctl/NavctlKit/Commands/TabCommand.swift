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
    var flow: FlowID?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let selector = Int(tab).map(TabSelector.index) ?? .name(tab)
        let result = try session.perform(.selectTab(selector, flow: flow, expectRevision: revision.expectRevision))
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
