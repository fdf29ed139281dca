internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl finish FLOW_ID [--result JSON]`: `flow.finish`.
struct FinishCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "finish",
        abstract: "Finishes a flow instance, passing an optional result to its flowFinished event.")

    @Argument(help: ArgumentHelp("The flow instance to finish.", valueName: "flow-id"))
    var flow: FlowID

    @Option(help: ArgumentHelp("Any JSON value for the flow's flowFinished event.", valueName: "json"))
    var result: String?

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func validate() throws {
        if let result { _ = try parseJSONOption(result, name: "--result") }
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        var value = JSONValue.null
        if let result {
            do {
                value = try parseJSONOption(result, name: "--result")
            } catch {
                throw usageError(error.message)
            }
        }
        let answer = try session.perform(.finishFlow(flow, result: value, expectRevision: revision.expectRevision))
        session.output(answer.json, json: common.json) { ResultText.change(answer) }
    }
}

/// Parses the JSON given to an option or argument; the error names it.
func parseJSONOption(_ text: String, name: String) throws(ValidationError) -> JSONValue {
    do {
        return try JSONParser.parse(text)
    } catch {
        throw ValidationError("\(name) is not JSON: \(error)")
    }
}
