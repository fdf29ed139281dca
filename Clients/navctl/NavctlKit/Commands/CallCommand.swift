internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl call METHOD [JSON]`: any method, raw.
struct CallCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "call",
        abstract: "Calls any method with JSON params and prints its result as JSON.")

    @Argument(
        help: ArgumentHelp("The method (nav.state, routes.resolve, …).", valueName: "method"),
        completion: .custom(ShellCompletions.complete))
    var method: String

    @Argument(help: ArgumentHelp("The params, a JSON object (default: {}).", valueName: "json"))
    var params: String?

    @OptionGroup var common: CommonOptions

    func validate() throws {
        _ = try requestParams()
    }

    func run(in session: NavctlSession) throws(NavctlError) {
        let request: JSONObject
        do {
            request = try requestParams()
        } catch {
            throw usageError(error.message)
        }
        let result = try session.call(method, request)
        session.output(result, json: common.json) { PrettyJSON.string(result) }
    }

    private func requestParams() throws(ValidationError) -> JSONObject {
        guard let params else { return [:] }
        guard case .object(let object) = try parseJSONOption(params, name: "the params") else {
            throw ValidationError("the params must be a JSON object")
        }
        return object
    }
}
