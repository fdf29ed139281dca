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

    func run(in session: NavctlSession) throws(NavctlError) {
        let result = try session.perform(.deeplink(url: url, dryRun: dryRun, expectRevision: revision.expectRevision))
        session.output(result.json, json: common.json) { ResultText.deepLink(result) }
    }
}
