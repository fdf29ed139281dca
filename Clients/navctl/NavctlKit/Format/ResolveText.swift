public import NavClient
internal import NavJSON

/// `navctl resolve URL`: how a URL matches, field by field.
public enum ResolveText {
    public static func render(_ result: ResolveView) -> String {
        var rows: [[String]] = [["url", result.url]]
        if let path = result.path { rows.append(["path", path]) }
        if let match = result.match {
            let screen = ParamText.named(match.screen, match.params)
            var pattern = match.pattern
            if let source = match.source, source != pattern { pattern += " of \(source)" }
            rows.append(["match", "\(screen) (pattern \(pattern))"])
        } else {
            rows.append(["match", result.notFound ? "none: opens the notFound screen" : "none"])
        }
        let chain = result.chain.map(ResultText.chainEntry)
        if !chain.isEmpty { rows.append(["chain", chain.joined(separator: " > ")]) }
        if let mode = result.mode { rows.append(["mode", mode]) }
        if !result.ignored.isEmpty { rows.append(["ignored", result.ignored.joined(separator: ", ")]) }
        if let error = result.error {
            rows.append(["error", error["message"]?.stringValue ?? error.stringValue ?? JSONWriter.string(error)])
        }
        var lines = RoutesText.table(rows).map { String($0.dropFirst(2)) }
        lines.append(result.candidates.isEmpty ? "candidates: none" : "candidates:")
        for candidate in result.candidates {
            var line = "  \(candidate.screen) \(candidate.pattern)"
            if let rejected = candidate.rejected { line += " (rejected: \(rejected))" }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
