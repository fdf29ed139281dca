internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl close [ID]`: `nav.close`.
struct CloseCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "close",
        abstract: "Closes the top screen, or the given one, by reversing the transition that opened it.")

    @Argument(help: ArgumentHelp("The screen instance to close (default: the top screen).", valueName: "id"))
    var screen: ScreenID?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.perform(.close(screen: screen, expectRevision: revision.expectRevision))
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
