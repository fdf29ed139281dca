internal import ArgumentParser
internal import NavigationCore
internal import NavJSON

/// `navctl apply FILE|-`: `nav.apply` with the ops of a JSON file.
struct ApplyCommand: SessionCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Runs several operations from a JSON file as one revision, or none.",
        discussion: """
            The file (or standard input, for -) holds a JSON array of {"method", "params"} \
            objects, or {"ops": [...]} as nav.apply takes it.
            """)

    @Argument(help: ArgumentHelp("The JSON file, or - for standard input.", valueName: "file"), completion: .file(extensions: ["json"]))
    var file: String

    @OptionGroup var revision: RevisionOptions
    @OptionGroup var common: CommonOptions

    func run(in session: NavctlSession) throws(NavctlError) {
        let text = try session.environment.readFile(file).get()
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw usageError("\(file) is not JSON: \(error)")
        }
        var request: JSONObject
        switch json {
        case .array: request = ["ops": json]
        case .object(let object) where object["ops"] != nil: request = object
        default: throw usageError("\(file): expected a JSON array of {\"method\", \"params\"} objects, or {\"ops\": [...]}")
        }
        revision.adding(to: &request)
        let result = try session.apply(request)
        session.output(result.json, json: common.json) { ResultText.change(result) }
    }
}
