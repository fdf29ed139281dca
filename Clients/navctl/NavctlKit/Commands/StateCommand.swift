internal import ArgumentParser
internal import NavClient
internal import NavigationCore

/// `navctl state`: `nav.state`, drawn as a tree.
struct StateCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "state",
        abstract: "Prints the navigation tree, the top screen marked.",
        discussion: """
            Tabs are listed in order, the selected one starred; stacks list their screens \
            bottom first; what a container presents is nested under it; an embedded child \
            flow's screens are nested under its `embeds` line; each screen shows its params \
            and the transition that opened it.
            """)

    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        let result = try session.call("nav.state")
        try session.output(result, json: common.json) { () throws(NavctlError) in
            do {
                return TreeText.render(try NavStateView(json: result))
            } catch {
                throw .failed("navd's nav.state does not have the tree's shape: \(error)")
            }
        }
    }
}
