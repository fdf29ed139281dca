internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl dismiss-all`: `nav.dismissAll`.
struct DismissAllCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "dismiss-all",
        abstract: "Dismisses everything presented, back to the root flow.")

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.perform(.dismissAll(expectRevision: revision.expectRevision))
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
