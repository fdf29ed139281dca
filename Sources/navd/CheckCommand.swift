import ArgumentParser
import NavGraph
import NavigationCore
import NavProtocol
import NavJSON

/// `navd check FILE`: validates an app definition (docs/app-definition.md) without starting.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Checks an app definition and lists every problem with its JSON path.",
        discussion: """
            An app definition is a regular file, or - for standard input, of at most 16 MiB. \
            Exit status: 0 if it is valid (warnings may be listed), 1 if not.
            """
    )

    @Argument(help: "The app definition (JSON): a regular file of at most 16 MiB, or - for standard input.")
    var file: String

    @Flag(help: "Print the result as one JSON object.")
    var json = false

    func run() throws {
        let text = try readDefinition(file)
        let diagnostics: [Diagnostic]
        var summary: GraphSummary?
        do {
            let loaded = try AppDefinition.load(json: text, checks: [EventStepCheck.diagnostics])
            diagnostics = loaded.warnings + loaded.definition.notes()
            summary = GraphSummary(definition: loaded.definition)
        } catch {
            diagnostics = error.diagnostics
        }
        var report = CheckReport(file: file, diagnostics: diagnostics, source: text)
        report.summary = summary
        print(json ? JSONWriter.string(report.jsonValue) : report.text)
        if !report.errors.isEmpty { throw ExitCode(1) }
    }
}

/// What `navd check` prints. A problem of the text itself (a JSON syntax error, a repeated
/// key) is shown at its line and column with the line and a caret under the column:
///
///     my-app.json:3:17: invalid JSON: expected ',' or '}' in an object
///       "screens": { "a" "b": {} }
///                        ^
struct CheckReport {
    var file: String
    var diagnostics: [Diagnostic]
    /// The definition's text, where the offsets of diagnostics point.
    var source: String
    /// A valid definition's size, printed above the verdict.
    var summary: GraphSummary?

    var errors: [Diagnostic] { diagnostics.filter(\.isError) }
    var warnings: [Diagnostic] { diagnostics.filter { $0.severity == .warning } }
    var notes: [Diagnostic] { diagnostics.filter { $0.severity == .note } }

    private func describe(_ diagnostic: Diagnostic) -> String {
        guard let offset = diagnostic.offset else { return diagnostic.description }
        let location = DiagnosticLocation(offset: offset, in: source)
        let place = "\(file):\(location.line):\(location.column)"
        if diagnostic.message.hasPrefix("invalid JSON") {
            return "\(place): \(diagnostic.message)\n\(location.snippet)"
        }
        return "\(diagnostic.severity): \(diagnostic.path): \(diagnostic.message)\n --> \(place)\n\(location.snippet)"
    }

    var text: String {
        var lines = diagnostics.map(describe)
        func count(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        if let summary { lines.append(summary.line) }
        lines.append("\(file): " + (errors.isEmpty ? "ok" : "invalid") + ", "
            + count(errors.count, "error") + ", " + count(warnings.count, "warning")
            + (notes.isEmpty ? "" : ", " + count(notes.count, "note")))
        return lines.joined(separator: "\n")
    }

    var jsonValue: JSONValue {
        func list(_ items: [Diagnostic]) -> JSONValue {
            .array(items.map { diagnostic in
                var entry: JSONObject = ["path": .string(diagnostic.path), "message": .string(diagnostic.message)]
                if let offset = diagnostic.offset {
                    let location = DiagnosticLocation(offset: offset, in: source)
                    entry["line"] = .int(location.line)
                    entry["column"] = .int(location.column)
                }
                return .object(entry)
            })
        }
        var object: JSONObject = [
            "file": .string(file), "ok": .bool(errors.isEmpty), "errors": list(errors), "warnings": list(warnings),
            "notes": list(notes),
        ]
        if let summary {
            object["summary"] = [
                "app": .string(summary.app), "screens": .int(summary.screens), "flows": .int(summary.flows),
                "edges": .int(summary.edges), "patterns": .int(summary.patterns),
            ]
        }
        return .object(object)
    }
}
