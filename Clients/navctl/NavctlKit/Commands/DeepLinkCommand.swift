internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl deeplink URL [--dry-run]`: `nav.deeplink`.
struct DeepLinkCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "deeplink",
        abstract: "Opens a deep link's chain of screens as one revision.",
        discussion: "URLs: SCHEME://first/rest, https://HOST/path, or /path (docs/deep-links.md).")

    @Argument(help: "The URL.")
    var url: String

    @Flag(help: "Print the plan; change nothing.")
    var dryRun = false

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: Session) throws(NavctlError) {
        var request: JSONObject = ["url": .string(url)]
        if dryRun { request["dryRun"] = true }
        revision.adding(to: &request)
        let result = try session.call("nav.deeplink", request)
        try session.output(result, json: common.json) { () throws(NavctlError) in try ResultText.deepLink(result) }
    }
}
