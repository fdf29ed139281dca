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

    func run(in session: Session) throws(NavctlError) {
        var request: JSONObject = [:]
        revision.adding(to: &request)
        let result = try session.call("nav.dismissAll", request)
        try session.output(result, json: common.json) { () throws(NavctlError) in try ResultText.change(result) }
    }
}
