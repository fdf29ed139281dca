import ArgumentParser
import NavigationCore

/// `navd check FILE`: validates an app definition (docs/app-definition.md) without starting.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Checks an app definition and lists every problem with its JSON path."
    )

    @Argument(help: "The app definition (JSON), or - for standard input.")
    var file: String

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run() throws {
        let text: String
        do {
            text = try readDefinition(file)
        } catch {
            StandardIO.error("navd: cannot read \(file): \(error)\n")
            throw ExitCode(1)
        }
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try AppDefinition.load(json: text).warnings
        } catch {
            diagnostics = error.diagnostics
        }
        let report = CheckReport(file: file, diagnostics: diagnostics)
        print(json ? JSONWriter.string(report.jsonValue) : report.text)
        if !report.errors.isEmpty { throw ExitCode(1) }
    }
}

/// Reads a definition file, `-` meaning standard input.
func readDefinition(_ path: String) throws(StandardIO.ReadError) -> String {
    try StandardIO.readText(path)
}

/// What `navd check` prints.
struct CheckReport {
    var file: String
    var diagnostics: [Diagnostic]

    var errors: [Diagnostic] { diagnostics.filter(\.isError) }
    var warnings: [Diagnostic] { diagnostics.filter { !$0.isError } }

    var text: String {
        var lines = diagnostics.map(\.description)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        lines.append("\(file): " + (errors.isEmpty ? "ok" : "invalid") + ", "
            + count(errors.count, "error") + ", " + count(warnings.count, "warning"))
        return lines.joined(separator: "\n")
    }

    var jsonValue: JSONValue {
        func list(_ items: [Diagnostic]) -> JSONValue {
            .array(items.map { ["path": .string($0.path), "message": .string($0.message)] })
        }
        return ["file": .string(file), "ok": .bool(errors.isEmpty), "errors": list(errors), "warnings": list(warnings)]
    }
}
