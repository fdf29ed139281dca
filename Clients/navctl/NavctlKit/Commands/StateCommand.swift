internal import ArgumentParser
internal import NavClient
internal import NavProtocol
internal import NavigationCore
internal import NavJSON

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

    func run(in session: NavctlSession) throws(NavctlError) {
        if common.json || session.json {
            session.print(JSONWriter.string(try session.using { connection throws(NavClientError) in try connection.call(.navState) }))
        } else {
            session.print(TreeOutline.render(try session.state()))
        }
    }
}
